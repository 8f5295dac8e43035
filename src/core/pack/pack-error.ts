// The error every pack check throws: which file (pack.json or a file it names) and which field.
// Its own module so both pack kinds' validators use it without importing each other.
export class PackError extends Error {
  constructor(
    message: string,
    /** The file the problem is in (pack.json, or a file it names). */
    readonly file: string,
    /** Dotted path of the field, when the problem is a field. */
    readonly field?: string,
  ) {
    super(field ? `${file}: ${field}: ${message}` : `${file}: ${message}`);
    this.name = 'PackError';
  }
}
