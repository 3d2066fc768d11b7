// The DOM tests' check that a screen speaks from the catalogue: rendered in the pseudo-locale (en-XA,
// every sentence ⟦accented⟧), any text or named attribute still in plain English is a string left
// outside the catalogue. `values`: a selector for what is a value, not a word (a name, an address,
// a field, an error's exact message), which each screen names for itself.

/** Every text under `root`, and each of `attributes` on its elements, written in plain English. */
export function plainEnglish(values: string, attributes: readonly string[], root: ParentNode = document.body): string[] {
  const english = (text: string) => /[A-Za-z]{2,}/.test(text) && !/[⟦⟧]/.test(text);
  const found: string[] = [];
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!node.parentElement?.closest(values) && english(text)) found.push(text);
  }
  for (const element of (root as Element).querySelectorAll(attributes.map((name) => `[${name}]`).join(', ')))
    for (const name of attributes) {
      const text = element.getAttribute(name);
      if (text && english(text)) found.push(`${name}="${text}"`);
    }
  return found;
}
