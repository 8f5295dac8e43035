// The formula recognizer's fixed vocabulary (pieces, docs/pack-format.md "Tokenizer"): specials, printable
// ASCII, and the control words and environments of the grammar and the normalizer's canonical spellings.
// Fixed, not derived from the data, so ids never shift. Written to training/formula/tokenizer.json.
export const SPECIALS = ['<pad>', '<bos>', '<eos>', '<unk>'];

const WORDS = `alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi rho
varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega
infty partial nabla hbar ell emptyset aleph imath jmath Re Im wp
pm mp times cdot div circ otimes oplus ominus odot cup cap wedge vee setminus ast star bullet dagger
leq geq neq approx equiv sim simeq propto in notin ni subset subseteq supset supseteq rightarrow leftarrow
leftrightarrow mapsto Rightarrow Leftarrow Leftrightarrow Longrightarrow Longleftrightarrow longrightarrow perp parallel
ll gg cong prec succ preceq succeq mid nmid models vdash uparrow downarrow forall exists nexists neg
sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos arctan log ln lg exp lim max min sup inf det dim ker
deg gcd arg Pr hom liminf limsup
frac binom sqrt hat bar vec tilde dot ddot check breve acute grave widehat widetilde overline underline
overrightarrow overleftarrow mathbf mathrm mathbb mathcal mathit mathsf mathtt mathfrak boldsymbol operatorname text
textbf textit overbrace underbrace stackrel overset underset
sum prod coprod int iint iiint oint bigcup bigcap bigoplus bigotimes bigvee bigwedge
left right big Big bigg Bigg langle rangle lfloor rfloor lceil rceil
quad qquad dots cdots vdots ddots prime top bot angle triangle square checkmark
not colon`;

const SYMBOLS = ['\\{', '\\}', '\\|', '\\\\', '\\#', '\\%', '\\&', '\\_', '\\$'];
const ENVS = ['matrix', 'pmatrix', 'bmatrix', 'vmatrix', 'Bmatrix', 'Vmatrix', 'cases', 'aligned', 'array', 'gathered', 'smallmatrix'];

export function formulaPieces(): string[] {
  const ascii = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i));
  const words = WORDS.split(/\s+/).filter(Boolean).map((w) => `\\${w} `);
  const envs = ENVS.flatMap((e) => [`\\begin{${e}}`, `\\end{${e}}`]);
  const seen = new Set<string>();
  return [...SPECIALS, ...ascii, ...words, ...SYMBOLS, ...envs].filter((p) => !seen.has(p) && (seen.add(p), true));
}
