/** What the build plugins (vite/pwa.ts, vite/startup.ts) read of the bundle's chunks. */

export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  /** The modules the bundler put in this chunk (absolute paths). */
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports?: readonly string[];
  css: readonly string[];
}

/** The fields of a Rollup/Rolldown output chunk that ChunkInfo keeps. */
export interface OutputChunkLike {
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
  dynamicImports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

export const chunkInfo = (output: OutputChunkLike): ChunkInfo => ({
  fileName: output.fileName,
  isEntry: output.isEntry,
  moduleIds: output.moduleIds,
  imports: output.imports,
  dynamicImports: output.dynamicImports,
  css: [...(output.viteMetadata?.importedCss ?? [])],
});

/** The chunk that holds `module` (the end of its path: 'src/app/App.tsx'), if any. */
export const chunkOf = (chunks: readonly ChunkInfo[], module: string): ChunkInfo | undefined =>
  chunks.find((chunk) =>
    chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)),
  );

/** Adds `chunk`, its CSS and its static imports (transitively) to `files`. */
export function withImports(
  chunks: readonly ChunkInfo[],
  chunk: ChunkInfo,
  files: Set<string>,
): Set<string> {
  if (files.has(chunk.fileName)) return files;
  files.add(chunk.fileName);
  for (const css of chunk.css) files.add(css);
  for (const imported of chunk.imports) {
    const next = chunks.find((candidate) => candidate.fileName === imported);
    if (next) withImports(chunks, next, files);
  }
  return files;
}
