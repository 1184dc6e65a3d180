/** Legacy: the user is the contract's (this goes once the dashboard and settings use it). */
export type { User } from '@mashrou/contracts';
