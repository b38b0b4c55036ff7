import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { RENDITION_FORMATS, type RenditionFormat } from '@shop/contracts/images';
import { PHOTO_SHARE, PHOTO_UPLOAD_LIMITS, PHOTO_WIDTHS, renditionSizes } from '@shop/contracts/photos';

/** Why an upload is refused: a code for the API, a sentence in French for the merchandiser. */
export class PhotoRefusedError extends Error {
  constructor(
    readonly code: 'unsupported_image' | 'image_too_large',
    message: string,
  ) {
    super(message);
    this.name = 'PhotoRefusedError';
  }
}

export interface RenditionFile {
  /** `640x480.avif`, `share.jpg`… */
  name: string;
  type: (typeof RENDITION_FORMATS)[RenditionFormat];
  bytes: Buffer;
}

/** How each format of the pictures pages show is written: a photo's renditions and a drawing's (decision 049) alike. */
export const RENDITION_ENCODERS: Record<RenditionFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 76 }),
  jpg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
};
const FORMATS = Object.keys(RENDITION_ENCODERS) as RenditionFormat[];

export interface ProcessedPhoto {
  /** From the upload's content: the same photo uploaded twice is one set of files. */
  key: string;
  /** The largest rendition, what the product's `images` names (contracts' pictureOf). */
  image: string;
  files: RenditionFile[];
}

/** What the upload is, from its first bytes; its name and declared type are not trusted. */
export function sniffImage(bytes: Buffer): 'jpeg' | 'png' | 'webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const MAX_WIDTH = PHOTO_WIDTHS.at(-1)!;

/**
 * What a photo must be before anything is made of it, read from its first bytes and its header only (no decoding): a
 * JPEG, PNG or WebP by content, of PHOTO_UPLOAD_LIMITS.pixels at most. Cheap: an upload is refused by this first.
 */
export async function checkPhoto(upload: Buffer): Promise<Metadata> {
  const kind = sniffImage(upload);
  if (!kind) throw new PhotoRefusedError('unsupported_image', 'Ce fichier n’est pas une photo JPEG, PNG ou WebP (son contenu le dit, pas son nom).');
  let meta: Metadata;
  try {
    meta = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefusedError('unsupported_image', 'Cette photo est illisible ou incomplète.');
  }
  if (meta.format !== kind) {
    throw new PhotoRefusedError('unsupported_image', 'Ce fichier n’est pas une photo JPEG, PNG ou WebP (son contenu le dit, pas son nom).');
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > PHOTO_UPLOAD_LIMITS.pixels) {
    const megapixels = (pixels / 1e6).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
    throw new PhotoRefusedError('image_too_large', `Cette photo fait ${megapixels} mégapixels : 40 au plus.`);
  }
  return meta;
}

/**
 * An upload made into the renditions pages serve (decision 044). Refused before decoding: content that is not a JPEG,
 * PNG or WebP, and an image of more than PHOTO_UPLOAD_LIMITS.pixels read from its header (a decompression bomb is a
 * few kilobytes that decode to gigabytes); sharp is also told the limit, so an image whose header lies fails to decode.
 * Turned upright from its EXIF orientation, then written without any metadata: EXIF, GPS position, camera and XMP are
 * gone from every rendition (sharp keeps none unless asked).
 */
export async function processPhoto(upload: Buffer, checked?: Metadata): Promise<ProcessedPhoto> {
  // What checkPhoto read of it, when the caller has checked it already (its refusals come before any other work).
  const meta = checked ?? (await checkPhoto(upload));
  // Orientations 5 to 8 turn the image a quarter: its upright width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  const largest = Math.min((turned ? meta.height : meta.width) ?? 0, MAX_WIDTH);
  const upright = sharp(upload, { limitInputPixels: PHOTO_UPLOAD_LIMITS.pixels, failOn: 'error' }).rotate();
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, at the largest size any rendition needs, in sRGB, a transparent background made white (as product
    // photos are shown); each rendition is made from these pixels.
    decoded = await upright.resize({ width: largest, withoutEnlargement: true }).flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefusedError('unsupported_image', 'Cette photo est illisible ou incomplète.');
  }
  const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } } as const;
  const key = createHash('sha256').update(upload).digest('hex').slice(0, 16);
  const files: RenditionFile[] = [];
  const sizes = renditionSizes(decoded.info.width, decoded.info.height);
  for (const size of sizes) {
    const resized = () => sharp(decoded.data, raw).resize(size.width, size.height);
    const name = `${size.width}x${size.height}`;
    const encoded = await Promise.all(FORMATS.map((format) => RENDITION_ENCODERS[format](resized()).toBuffer()));
    files.push(...FORMATS.map((format, i) => ({ name: `${name}.${format}`, type: RENDITION_FORMATS[format], bytes: encoded[i]! })));
  }
  const share = await sharp(decoded.data, raw)
    .resize(PHOTO_SHARE.width, PHOTO_SHARE.height, { fit: 'cover', position: sharp.strategy.attention })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  files.push({ name: PHOTO_SHARE.file, type: 'image/jpeg', bytes: share });
  const biggest = sizes.at(-1)!;
  return { key, image: `/images/photos/${key}/${biggest.width}x${biggest.height}.jpg`, files };
}
