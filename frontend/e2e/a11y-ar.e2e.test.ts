/** axe-core on every screen of every role in Arabic, desktop and phone (a11y-suite.ts). */
import { a11ySuite } from './a11y-suite.ts';

a11ySuite('ar');
