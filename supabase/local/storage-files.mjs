// Where @supabase/lite's Storage keeps the bytes of objects locally: files under one folder
// (`.data/storage/<bucket>/<object name>` for `npm start`). lite serves the Storage API itself
// (buckets, objects and their row-level security in the database, signed URLs); an adapter only
// stores bytes. lite 0.10.0 documents a FilesystemStorageAdapter at
// `@supabase/lite/storage/adapters/FilesystemStorageAdapter`, but its package exports no such
// path (ERR_PACKAGE_PATH_NOT_EXPORTED): the class exists only inside its CLI bundle, which
// creates an App of its own. This is the same adapter against lite's exported StorageAdapter
// interface.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** @typedef {import('@supabase/lite').App['_storageAdapter']} LiteStorageAdapter */

const MEDIA_TYPES = /** @type {Record<string, string>} */ ({
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain',
});

/** @param {string} name */
const mediaTypeOf = (name) =>
  MEDIA_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

/**
 * @param {string} filePath
 * @param {import('node:fs').Stats} info
 */
const eTagOf = (filePath, info) =>
  `"${createHash('md5').update(`${filePath}:${info.mtimeMs}`).digest('hex')}"`;

/**
 * @param {import('node:fs').Stats} info
 * @param {string} eTag
 * @param {string} name
 */
const metadataOf = (info, eTag, name) => ({
  cacheControl: 'no-cache',
  contentLength: info.size,
  size: info.size,
  mimetype: mediaTypeOf(name),
  lastModified: info.mtime,
  eTag,
});

/**
 * Reads a body lite hands over (bytes, a Node buffer or a web stream) whole.
 * @param {ReadableStream<Uint8Array> | Uint8Array} body
 */
async function bytesOf(body) {
  if (body instanceof Uint8Array) return body;
  /** @type {Uint8Array[]} */
  const chunks = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * @param {string} basePath the folder that holds one folder per bucket
 * @returns {NonNullable<LiteStorageAdapter>}
 */
export function filesystemStorage(basePath) {
  const root = path.resolve(basePath);
  /**
   * The file of an object; a name that would lead outside the bucket's folder is refused.
   * @param {string} bucket
   * @param {string} key
   */
  const fileOf = (bucket, key) => {
    const file = path.resolve(root, bucket, key);
    if (!file.startsWith(path.join(root, bucket) + path.sep))
      throw new Error(`Invalid object name: ${key}`);
    return file;
  };
  return {
    driver: 'filesystem',
    async getObject(bucket, key, _version, headers) {
      const file = fileOf(bucket, key);
      const info = await stat(file);
      const eTag = eTagOf(file, info);
      const metadata = metadataOf(info, eTag, key);
      if (headers?.ifNoneMatch === eTag) return { httpStatusCode: 304, metadata };
      const range = /^bytes=(\d+)-(\d*)$/.exec(headers?.range ?? '');
      if (range) {
        const start = Number(range[1]);
        const end = range[2] ? Number(range[2]) : info.size - 1;
        return {
          httpStatusCode: 206,
          metadata: {
            ...metadata,
            contentLength: end - start + 1,
            contentRange: `bytes ${start}-${end}/${info.size}`,
          },
          body: /** @type {ReadableStream} */ (
            Readable.toWeb(createReadStream(file, { start, end }))
          ),
        };
      }
      return {
        httpStatusCode: 200,
        metadata,
        body: /** @type {ReadableStream} */ (Readable.toWeb(createReadStream(file))),
      };
    },
    async uploadObject(bucket, key, _version, body, contentType, cacheControl) {
      const file = fileOf(bucket, key);
      const bytes = await bytesOf(/** @type {ReadableStream<Uint8Array> | Uint8Array} */ (body));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      const info = await stat(file);
      return {
        cacheControl,
        contentLength: info.size,
        size: info.size,
        mimetype: contentType,
        lastModified: info.mtime,
        eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      };
    },
    async deleteObject(bucket, key) {
      await rm(fileOf(bucket, key), { force: true });
    },
    async deleteObjects(bucket, keys) {
      for (const key of keys) await rm(fileOf(bucket, key), { force: true });
    },
    async copyObject(sourceBucket, source, _version, bucket, destination) {
      const target = fileOf(bucket, destination);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(fileOf(sourceBucket, source), target);
      const info = await stat(target);
      return {
        httpStatusCode: 200,
        eTag: `"${createHash('md5')
          .update(await readFile(target))
          .digest('hex')}"`,
        lastModified: info.mtime,
      };
    },
    async headObject(bucket, key) {
      const file = fileOf(bucket, key);
      const info = await stat(file);
      return metadataOf(info, eTagOf(file, info), key);
    },
    privateAssetUrl: (bucket, key) => Promise.resolve(`file://${fileOf(bucket, key)}`),
  };
}
