// The file structure of the small PDFs tests write: objects, xref table and trailer, offsets computed.

/** A PDF from its objects' bodies (object 1 must be the catalog); offsets and the xref table are computed. */
export function writePdf(objects: string[], version = '1.7'): Buffer {
  let out = `%PDF-${version}\n`;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
