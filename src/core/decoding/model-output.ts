// Model output is untrusted: a tensor of the wrong size must fail with a message that names it,
// not read past its end (typed arrays give undefined there, which argmax would turn into token 0).

export function checkLength(what: string, data: ArrayLike<number>, expected: number): void {
  if (data.length !== expected) {
    throw new Error(`The model returned ${what} with ${data.length} values; expected ${expected}`);
  }
}
