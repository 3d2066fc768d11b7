// The pseudo-locale's catalogue (en-XA), made from English when its chunk loads: never out of step.
import { pseudoCatalogue } from '../pseudo';
import { en } from './en';
import { enLater } from './en.later';

export default pseudoCatalogue({ ...en, ...enLater });
