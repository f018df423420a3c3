import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeImportBytes } from '../model/decode-text';
import { parseImport } from '../model/parse-import';

/**
 * The list to import: the text pasted or read from a file, and what the preview reads of it.
 * The preview reads the text a render behind the field (React renders each key first, then the
 * preview, which a newer key interrupts): reading a pasted list of 1,500 lines again costs tens
 * of milliseconds per key on a phone.
 */
export function useImportText() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const previewed = useDeferredValue(text);
  const [fileMessage, setFileMessage] = useState('');
  const parsed = useMemo(() => parseImport(previewed), [previewed]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setText(decodeImportBytes(await file.arrayBuffer()));
      setFileMessage(t('importStops.fileLoaded', { file: file.name }));
    } catch {
      setFileMessage(t('importStops.fileFailed'));
    }
  };

  return {
    text,
    setText,
    parsed,
    fileMessage,
    readFile,
    /** Right after a key: the list as it is now, not as the preview last read it. */
    currentRows: () => (text === previewed ? parsed.rows : parseImport(text).rows),
    clear: () => {
      setText('');
      setFileMessage('');
    },
  };
}

export type ImportText = ReturnType<typeof useImportText>;
