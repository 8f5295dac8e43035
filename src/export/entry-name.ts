// Names of what Pagemark writes to disk (zip entries, downloads) come from document names, which anyone
// can choose: bidi controls that make `gpj.exe` read as `exe.jpg`, control characters, path separators,
// and names too long for a file system (unzip refuses entries over 255 bytes).

/** Longest entry name, in UTF-8 bytes: well under the 255 bytes of common file systems, room left for a suffix. */
export const MAX_NAME_BYTES = 120;

// C0/C1 controls, bidi embeddings/overrides/isolates and marks, zero-width characters and the BOM.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const REFUSED = /[\\/:*?"<>|]+/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** `s` cut to at most `max` UTF-8 bytes, never inside a character. */
function cutToBytes(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (utf8Bytes(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/** A name that is safe to write: no invisible or refused characters, short enough, its extension kept. */
export function safeFileName(name: string, fallback = 'document'): string {
  const clean = name.normalize('NFC').replace(INVISIBLE, '').replace(REFUSED, '_').trim().replace(/^\.+/, '').replace(/[. ]+$/, '');
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && /^\.[\p{L}\p{N}]{1,8}$/u.test(clean.slice(dot)) ? clean.slice(dot) : '';
  let stem = (ext ? clean.slice(0, dot) : clean).trim();
  if (!stem) stem = fallback;
  if (WINDOWS_RESERVED.test(stem)) stem = `_${stem}`;
  return `${cutToBytes(stem, MAX_NAME_BYTES - utf8Bytes(ext)).trim()}${ext}`;
}

/** Safe names that stay unique within one archive (compared as case-insensitive file systems do). */
export class EntryNames {
  private taken = new Set<string>();

  add(name: string): string {
    const safe = safeFileName(name);
    const dot = safe.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let out = safe;
    for (let n = 2; this.taken.has(out.toLowerCase()); n++) {
      const suffix = `-${n}`;
      out = `${cutToBytes(stem, MAX_NAME_BYTES - utf8Bytes(suffix + ext))}${suffix}${ext}`;
    }
    this.taken.add(out.toLowerCase());
    return out;
  }
}
