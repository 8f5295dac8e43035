// A font's own name, without the tags subsetting puts before it, and what the name says of its face:
//   baseFontName("ABCDEF+CMMI10")               → "CMMI10"
//   baseFontName("AAAAAI+WQXUWR_CMMI8")         → "CMMI8"    (a PDF subset again: arXiv's, ACL Anthology's)
// A font's name says what it sets (a math italic, a symbol font, a bold face), and tests on it are anchored to the
// name's start: a second tag left in place made every math font of such a paper a text font.

/** A subset tag: six capitals and "+", or six capitals and "_" where a subset was subset again. */
const SUBSET_TAG = /^[A-Z]{6}\+(?:[A-Z]{6}_)?|^[A-Z]{6}_/;

export const baseFontName = (name: string): string => name.replace(SUBSET_TAG, '');

/**
 * A bold face by its name: "Times-Bold", "Caecilia-Heavy", "NimbusRomNo9L-Medi", "HelveticaNeue-Black",
 * "…-Semibold", "…-Demi", and TeX's bold extended (CMBX10, LMRomanBX, "SFBX1200").
 */
const BOLD_FONT = /bold|black|heavy|semibold|demi|-medi\b|cmbx|bx\d|romanbx/i;
export const isBoldFont = (name: string | undefined) => name !== undefined && BOLD_FONT.test(name);
