import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { preparePhoto } from '../model/photo';

/**
 * An optional photo, from the camera or the gallery: made smaller and re-encoded on the phone
 * (model/photo.ts) before it is kept, with a preview and a way to take it back.
 */
export function PhotoPicker({ onChange }: { onChange: (photo: Blob | null) => void }) {
  const { t } = useTranslation();
  const cameraId = useId();
  const galleryId = useId();
  /** The kept photo and its preview's object URL (released when it changes or on leaving). */
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [state, setState] = useState<'idle' | 'preparing' | 'failed'>('idle');
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState('preparing');
    try {
      const prepared = await preparePhoto(file);
      setPhoto({ blob: prepared, url: URL.createObjectURL(prepared) });
      onChange(prepared);
      setState('idle');
    } catch (error) {
      console.error('The photo could not be read', error);
      setState('failed');
    }
  };

  const remove = () => {
    setPhoto(null);
    onChange(null);
  };

  return (
    <div className="photo-picker">
      {photo ? (
        <>
          <img className="photo-picker__preview" src={photo.url} alt={t('drive.photoPreview')} />
          <button type="button" className="button button--small" onClick={remove}>
            {t('drive.photoRemove')}
          </button>
        </>
      ) : (
        <div className="photo-picker__choices">
          <label className="button button--small" htmlFor={cameraId}>
            {t('drive.photoCamera')}
          </label>
          <input
            id={cameraId}
            className="visually-hidden"
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(event) => void pick(event)}
          />
          <label className="button button--small" htmlFor={galleryId}>
            {t('drive.photoGallery')}
          </label>
          <input
            id={galleryId}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic"
            onChange={(event) => void pick(event)}
          />
        </div>
      )}
      <p className="photo-picker__state" role="status">
        {state === 'preparing' ? t('drive.photoPreparing') : null}
      </p>
      {state === 'failed' ? (
        <p className="driver__error" role="alert">
          {t('drive.photoFailed')}
        </p>
      ) : null}
    </div>
  );
}
