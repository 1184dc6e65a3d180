/** Legacy: the sign-in catalogue moved to lib/error-messages (this goes once settings uses it). */
export { signInErrorMessage } from '../../lib/error-messages';
