/**
 * Lossless metadata removal for JPEG (ADR 009, "Photo uploads"): the file is walked marker by marker and
 * rewritten with only what decoding needs, so the pixels are the uploaded ones bit for bit and no encoder runs.
 *
 * Kept: SOI, DQT, DHT, DAC, DRI, the frame headers (SOFn), each scan (SOS and its entropy-coded data, restart
 * markers included) and EOI; a bare JFIF APP0 (no thumbnail) and an Adobe APP14 (its transform flag says how
 * the colour channels are coded). Dropped: every other APPn (EXIF with GPS, XMP, ICC, IPTC/Photoshop, MPF),
 * comments, and whatever follows EOI (appended files, a second picture). Any marker this walker does not know,
 * or a file that does not run from SOI to EOI, gives `null`: the caller then re-encodes, which is always safe.
 */
export function stripJpegMetadata(jpeg: Buffer): Buffer | null {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let hasFrame = false;
  let hasScan = false;
  let pos = 2;
  while (pos < jpeg.length) {
    if (jpeg[pos] !== 0xff) return null;
    // Any number of 0xFF fill bytes may precede a marker.
    while (pos + 1 < jpeg.length && jpeg[pos + 1] === 0xff) pos++;
    if (pos + 1 >= jpeg.length) return null;
    const marker = jpeg[pos + 1]!;
    if (marker === 0xd9) {
      if (!hasFrame || !hasScan) return null;
      parts.push(jpeg.subarray(pos, pos + 2));
      return Buffer.concat(parts);
    }
    if (pos + 4 > jpeg.length) return null;
    const end = pos + 2 + jpeg.readUInt16BE(pos + 2);
    if (end <= pos + 3 || end > jpeg.length) return null;

    if (marker === 0xda) {
      if (!hasFrame) return null;
      hasScan = true;
      // Entropy-coded data runs to the next marker other than a stuffed 0xFF00 or a restart marker (RST0–7).
      // indexOf is a native byte search: a photo's scans are nearly all of the file.
      let scan = jpeg.indexOf(0xff, end);
      while (scan !== -1 && scan + 1 < jpeg.length) {
        const next = jpeg[scan + 1]!;
        if (next !== 0x00 && (next < 0xd0 || next > 0xd7)) break;
        scan = jpeg.indexOf(0xff, scan + 2);
      }
      if (scan === -1 || scan + 1 >= jpeg.length) return null;
      parts.push(jpeg.subarray(pos, scan));
      pos = scan;
      continue;
    }
    if (isFrameHeader(marker)) {
      hasFrame = true;
      parts.push(jpeg.subarray(pos, end));
    } else if (isTable(marker) || isBareJfif(jpeg, pos, end, marker) || isAdobe(jpeg, pos, end, marker)) {
      parts.push(jpeg.subarray(pos, end));
    } else if (!isApplicationOrComment(marker)) {
      return null;
    }
    pos = end;
  }
  return null;
}

/** SOF0–3, 5–7, 9–11, 13–15 (0xC4 is DHT, 0xC8 reserved, 0xCC DAC). */
const isFrameHeader = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** DQT, DHT, DAC, DRI. */
const isTable = (m: number) => m === 0xdb || m === 0xc4 || m === 0xcc || m === 0xdd;

/** APP0–APP15 and COM: never needed to decode. */
const isApplicationOrComment = (m: number) => (m >= 0xe0 && m <= 0xef) || m === 0xfe;

/** APP0 "JFIF\0" of exactly 16 bytes: version, density and a 0 × 0 thumbnail, nothing else. */
function isBareJfif(jpeg: Buffer, pos: number, end: number, marker: number) {
  return (
    marker === 0xe0 &&
    end - pos === 18 &&
    jpeg.toString('latin1', pos + 4, pos + 9) === 'JFIF\0' &&
    jpeg[pos + 16] === 0 &&
    jpeg[pos + 17] === 0
  );
}

/** APP14 "Adobe" of exactly 14 bytes: version, two flag words and the colour transform. */
function isAdobe(jpeg: Buffer, pos: number, end: number, marker: number) {
  return marker === 0xee && end - pos === 16 && jpeg.toString('latin1', pos + 4, pos + 9) === 'Adobe';
}
