// Reads just enough of a WebM/Matroska file (EBML, RFC 8794 / RFC 9559) to tell whether it
// is a video: the EBML header's DocType, a video track in Tracks, and how long it runs.
// A browser's MediaRecorder writes a live stream: the Segment and its Clusters have an
// unknown size and Info carries no Duration, so the length comes from the last block's
// time (cluster timecode + the block's relative timecode), scaled by TimecodeScale.
// Pure JavaScript, so the check needs no ffmpeg on the server.

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** Level-1 elements: an unknown-size Cluster ends where the next of these begins. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  ID.info,
  ID.tracks,
  ID.cluster,
  0x1c53bb6b, // Cues
  0x1941a469, // Attachments
  0x1043a770, // Chapters
  0x1254c367, // Tags
]);

const VIDEO_TRACK = 1;
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;

export interface WebmProbe {
  docType: string;
  hasVideoTrack: boolean;
  /** Seconds from the first to the last video block, or Info's Duration when present. */
  durationSeconds: number;
  videoFrames: number;
}

interface Element {
  id: number;
  /** Where the element's data starts and ends (`end` is the buffer's end for unknown sizes). */
  start: number;
  end: number;
  unknownSize: boolean;
}

class Malformed extends Error {}

/** An EBML variable-length integer: its length is marked by the first set bit. */
function readVint(buf: Buffer, at: number, keepMarker: boolean) {
  const first = buf[at];
  if (first === undefined || first === 0) throw new Malformed('bad vint');
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > buf.length) throw new Malformed('bad vint');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, allOnes };
}

function readElement(buf: Buffer, at: number, limit: number): Element {
  const id = readVint(buf, at, true);
  if (id.length > 4) throw new Malformed('bad id');
  const size = readVint(buf, at + id.length, false);
  const start = at + id.length + size.length;
  const unknownSize = size.allOnes;
  const end = unknownSize ? limit : start + size.value;
  if (end > limit) throw new Malformed('element past its parent');
  return { id: id.value, start, end, unknownSize };
}

function readUint(buf: Buffer, el: Element): number {
  let value = 0;
  for (let i = el.start; i < el.end; i++) value = value * 256 + buf[i]!;
  return value;
}

function readFloat(buf: Buffer, el: Element): number {
  const length = el.end - el.start;
  if (length === 4) return buf.readFloatBE(el.start);
  if (length === 8) return buf.readDoubleBE(el.start);
  throw new Malformed('bad float');
}

/** Walks the children of [start, end); `visit` returns where to continue (its element's end). */
function children(
  buf: Buffer,
  start: number,
  end: number,
  visit: (el: Element) => number | 'stop',
): number {
  let at = start;
  while (at < end) {
    const el = readElement(buf, at, end);
    const next = visit(el);
    if (next === 'stop') return at;
    at = next;
  }
  return at;
}

/** What the file is, or null when it is not a parseable WebM/Matroska stream. */
export function probeWebm(buf: Buffer): WebmProbe | null {
  try {
    return probe(buf);
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

function probe(buf: Buffer): WebmProbe | null {
  const header = readElement(buf, 0, buf.length);
  if (header.id !== ID.ebml || header.unknownSize) return null;
  let docType = '';
  children(buf, header.start, header.end, (el) => {
    if (el.id === ID.docType)
      docType = buf.toString('latin1', el.start, el.end).replace(/\0+$/, '');
    return el.end;
  });
  if (docType !== 'webm' && docType !== 'matroska') return null;

  const segment = readElement(buf, header.end, buf.length);
  if (segment.id !== ID.segment) return null;

  let scale = DEFAULT_TIMECODE_SCALE_NS;
  let declaredDuration: number | null = null;
  const videoTracks = new Set<number>();
  let videoFrames = 0;
  let firstTime = Number.POSITIVE_INFINITY;
  let lastTime = Number.NEGATIVE_INFINITY;

  const block = (el: Element, clusterTime: number) => {
    const track = readVint(buf, el.start, false);
    if (el.start + track.length + 2 > el.end) throw new Malformed('short block');
    if (!videoTracks.has(track.value)) return;
    const time = clusterTime + buf.readInt16BE(el.start + track.length);
    videoFrames += 1;
    firstTime = Math.min(firstTime, time);
    lastTime = Math.max(lastTime, time);
  };

  children(buf, segment.start, segment.end, (el) => {
    if (el.id === ID.info) {
      children(buf, el.start, el.end, (field) => {
        if (field.id === ID.timecodeScale) scale = readUint(buf, field);
        if (field.id === ID.duration) declaredDuration = readFloat(buf, field);
        return field.end;
      });
    } else if (el.id === ID.tracks) {
      children(buf, el.start, el.end, (entry) => {
        if (entry.id !== ID.trackEntry) return entry.end;
        let number = 0;
        let type = 0;
        children(buf, entry.start, entry.end, (field) => {
          if (field.id === ID.trackNumber) number = readUint(buf, field);
          if (field.id === ID.trackType) type = readUint(buf, field);
          return field.end;
        });
        if (type === VIDEO_TRACK && number > 0) videoTracks.add(number);
        return entry.end;
      });
    } else if (el.id === ID.cluster) {
      let clusterTime = 0;
      return children(buf, el.start, el.end, (child) => {
        if (el.unknownSize && SEGMENT_CHILDREN.has(child.id)) return 'stop';
        if (child.id === ID.clusterTimecode) clusterTime = readUint(buf, child);
        if (child.id === ID.simpleBlock) block(child, clusterTime);
        if (child.id === ID.blockGroup) {
          children(buf, child.start, child.end, (inner) => {
            if (inner.id === ID.block) block(inner, clusterTime);
            return inner.end;
          });
        }
        return child.end;
      });
    } else if (el.unknownSize) {
      throw new Malformed('unknown size outside a cluster');
    }
    return el.end;
  });

  const toSeconds = (ticks: number) => (ticks * scale) / 1e9;
  const blockSpan = videoFrames > 0 ? toSeconds(lastTime - firstTime) : 0;
  const declared: number | null = declaredDuration;
  return {
    docType,
    hasVideoTrack: videoTracks.size > 0,
    durationSeconds: declared !== null && declared > 0 ? toSeconds(declared) : blockSpan,
    videoFrames,
  };
}
