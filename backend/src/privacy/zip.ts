import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * Writes a zip archive of these entries to a file (yazl: streamed to disk, ZIP64 when it needs it,
 * UTF-8 names) and answers its size in bytes.
 */
export async function writeZip(path: string, entries: { name: string; data: Buffer }[]): Promise<number> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return (await stat(path)).size;
}
