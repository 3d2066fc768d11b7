// English's words, in the first script: the page's words wherever no other language was chosen, and
// the default of the plain modules that say something (a test calls them without a language).
import { en } from './catalogues/en';
import type { FirstKey } from './catalogue';
import { createWords, type Words } from './words';

export const english: Words<FirstKey> = createWords('en', en);
