// Reading a Content-Security-Policy in tests: one directive's sources.

/** The sources of directive `name` in `policy` ("a b; c d"), or undefined when it is absent. */
export const directive = (policy: string, name: string): string[] | undefined =>
  policy
    .split('; ')
    .map((d) => d.split(' '))
    .find(([n]) => n === name)
    ?.slice(1);
