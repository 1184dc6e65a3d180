/**
 * What an upload is, judged by its first bytes (never by its name or declared type), and which kinds
 * each folder takes: CVs (`cv/…`) are PDFs; a student's hand-ins (`deliverables/…`) may also be
 * images, zip archives and office documents. Office's current formats are zip archives, and its old
 * ones compound files: which document one is comes from the name's extension, the bytes having shown
 * its family (a download keeps that extension; any other zip saves as `.zip`, any other compound
 * file is refused).
 */

/** The longest signature read. */
export const SNIFF_BYTES = 12;

const starts = (head: Buffer, ...bytes: number[]) => bytes.every((b, i) => head[i] === b);

const OFFICE_ZIPS: Readonly<Record<string, string>> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

const OLD_OFFICE: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const extension = (name: string) => (name.toLowerCase().split('.').pop() ?? '').trim();

/** The type its bytes show (with the name deciding between a zip and an office document), or null. */
export function sniffType(head: Buffer, name: string): string | null {
  if (starts(head, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  if (starts(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(head, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(head, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(head, 0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (starts(head, 0x50, 0x4b, 0x03, 0x04)) {
    return OFFICE_ZIPS[extension(name)] ?? 'application/zip';
  }
  // Office 97–2003 (.doc, .xls, .ppt): the compound file's signature, told apart by the name (other
  // compound files — installers, mail items — are not taken).
  if (starts(head, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return OLD_OFFICE[extension(name)] ?? null;
  return null;
}

/** Each type's extension when downloaded. */
export const TYPE_EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/zip': 'zip',
  ...Object.fromEntries(Object.entries({ ...OFFICE_ZIPS, ...OLD_OFFICE }).map(([ext, type]) => [type, ext])),
};

/** The types a folder takes (a CV is a PDF; a hand-in any of the kinds above). */
export function typesFor(path: string): readonly string[] {
  return path.startsWith('deliverables/') ? Object.keys(TYPE_EXTENSIONS) : ['application/pdf'];
}
