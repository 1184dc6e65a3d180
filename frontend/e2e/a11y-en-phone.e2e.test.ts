/** axe-core on every screen of every role, English at phone size (a11y-suite.ts). */
import { a11ySuite } from './a11y-suite.ts';

a11ySuite('en', 'phone');
