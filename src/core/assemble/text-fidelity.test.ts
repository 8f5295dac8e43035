import { describe, expect, it } from 'vitest';
import { assembleMarkdown } from './assemble-markdown';
import { joinLines, pageWords } from './inline-text';
import { composeAccents, expandLigatures, pageText } from './text-fidelity';

// Lines as pdf.js reads them from real corpus pages.
describe('composeAccents', () => {
  it('puts TeX accents, drawn before their letters, on them (badlines.pdf p9–10, overrun_on_pg8.pdf p1, bws_book_ch2.pdf p2)', () => {
    expect(composeAccents('[34] P. Kr¨ahenb¨uhl and V. Koltun. Efficient inference in fully con-')).toBe('[34] P. Krähenbühl and V. Koltun. Efficient inference in fully con-');
    expect(composeAccents('[59] R. Urtasun, D. J. Fleet, A. Geiger, J. Popovi´c, T. J. Darrell,')).toBe('[59] R. Urtasun, D. J. Fleet, A. Geiger, J. Popović, T. J. Darrell,');
    expect(composeAccents('Hassan A¨ıt-Kaci')).toBe('Hassan Aït-Kaci');
    expect(composeAccents('Universit´e Claude Bernard Lyon 1')).toBe('Université Claude Bernard Lyon 1');
    expect(composeAccents('tics) `a la carte, by simple combination')).toBe('tics) à la carte, by simple combination');
    expect(composeAccents('have you) and then–voil`a!–out popped')).toBe('have you) and then–voilà!–out popped');
  });

  it('puts an accent drawn after its letter on that letter (load_v_error.pdf p1)', () => {
    expect(composeAccents('1,2*, Olivia Guayasamin1,2,3, Ste´phane Douady4☯, Bruno Moulia5☯')).toBe('1,2*, Olivia Guayasamin1,2,3, Stéphane Douady4☯, Bruno Moulia5☯');
    expect(composeAccents('Complexes, Universite´ Paris-Diderot, 75205 Paris')).toBe('Complexes, Université Paris-Diderot, 75205 Paris');
  });

  it('puts a cedilla on the letter before it, without the space after it (not_parsing2.pdf p6)', () => {
    expect(composeAccents('cial support, and the Colec¸ ão de Culturas Tropical Fundac¸ ão')).toBe('cial support, and the Coleção de Culturas Tropical Fundação');
  });

  it('leaves what no letter takes: degrees, TeX quotes, a stray accent (load_v_error.pdf p3)', () => {
    expect(composeAccents('or 90˚ reorientation (horizontal).')).toBe('or 90˚ reorientation (horizontal).');
    expect(composeAccents("``quoted'' text")).toBe("``quoted'' text");
  });
});

describe('expandLigatures', () => {
  it('writes ligatures out', () => {
    expect(expandLigatures('the ﬁrst eﬃcient ﬂow')).toBe('the first efficient flow');
    expect(pageText('Kr¨ahenb¨uhl’s ﬁeld')).toBe('Krähenbühl’s field');
  });
});

describe('line ends re-joined', () => {
  it('keeps the hyphen of a compound the page writes with one elsewhere, and re-joins hyphenated words (badlines.pdf p1)', () => {
    // Lines of the page's abstract and introduction, as pdf.js reads them.
    const lines = [
      'remarkably capable at modeling sequences, lack an intu-',
      'itive high-level spatio-temporal structure. That is while',
      'derlying high-level structure and can benefit from it. Spatio-',
      'temporal graphs are a popular tool for imposing such high-',
      'level intuitions in the formulation of real world problems.',
      'and time, leading to a spatio-temporal composition. Utiliz-',
      'ing such structures in problem formulation allows domain-',
      'experts to inject their high-level knowledge in learning',
    ];
    const words = pageWords(lines);
    expect(joinLines(lines.slice(0, 2), words)).toBe('remarkably capable at modeling sequences, lack an intuitive high-level spatio-temporal structure. That is while');
    expect(joinLines(lines.slice(2, 5), words)).toBe(
      'derlying high-level structure and can benefit from it. Spatio-temporal graphs are a popular tool for imposing such high-level intuitions in the formulation of real world problems.',
    );
    expect(joinLines(lines.slice(5, 7), words)).toBe('and time, leading to a spatio-temporal composition. Utilizing such structures in problem formulation allows domain-');
  });

  it('keeps every line-end hyphen as printed with keepHyphens (assembleMarkdown)', () => {
    const texts = ['lack an intu-', 'itive high-level spatio-', 'temporal view.', 'spatio-temporal.'];
    const block = { type: 'paragraph' as const, bbox: [0, 0, 1, 1] as [number, number, number, number], lines: [0, 1, 2, 3] };
    expect(assembleMarkdown([block], texts, { page: 1, dropHeaders: false, keepHyphens: true }).markdown).toBe('lack an intu- itive high-level spatio- temporal view. spatio-temporal.');
    expect(assembleMarkdown([block], texts, { page: 1, dropHeaders: false }).markdown).toBe('lack an intuitive high-level spatio-temporal view. spatio-temporal.');
  });

  it('writes the page with its accents composed and its compounds whole (assembleMarkdown)', () => {
    const texts = ['[34] P. Kr¨ahenb¨uhl and V. Koltun. A high-level', 'view of spatio-', 'temporal and high-', 'level models.', 'spatio-temporal.'];
    const { markdown } = assembleMarkdown([{ type: 'paragraph', bbox: [0, 0, 1, 1], lines: [0, 1, 2, 3, 4] }], texts, { page: 1, dropHeaders: false });
    expect(markdown).toBe('[34] P. Krähenbühl and V. Koltun. A high-level view of spatio-temporal and high-level models. spatio-temporal.');
  });
});
