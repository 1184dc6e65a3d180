import { useMutation } from '@tanstack/react-query';
import { type BodyOf, identity, SignInBody } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

/** The sign-in form is the api's body as it is. */
export const SignInFormSchema = SignInBody;

export const signIn = (body: BodyOf<typeof identity.signIn>) => call(identity.signIn, { body });

/** Signs in; the page then loads the dashboard in full, so nothing is cached here. */
export const useSignIn = () => useMutation({ mutationFn: signIn });
