import { lazyResolver } from '../../../lib/lazy-resolver';
import { loadOnUse } from '../../../lib/load-on-use';

/** ./form-rules (zod and the contract's schemas), loaded when a marketplace form is first checked. */
const formRules = loadOnUse(() => import('./form-rules'));
/** ./form-checks (the same, without react-hook-form), loaded when a form kept in React state is first checked. */
const formChecks = loadOnUse(() => import('./form-checks'));

type Checks = Awaited<ReturnType<typeof formChecks>>['checks'];

/** Applying: the motivation (20 characters at least) and the CV. A failed load throws a NetworkError. */
export const checkApply = async (values: Parameters<Checks['apply']>[0]) => (await formChecks()).checks.apply(values);
/** A company's move of an applicant: a next status, and a note. A failed load throws a NetworkError. */
export const checkStatus = async (values: Parameters<Checks['status']>[0]) => (await formChecks()).checks.status(values);
/** A message on an application. */
export const messageResolver = lazyResolver(async () => (await formRules()).resolvers.message);
/** A company's milestone: title, what it expects, due date. */
export const milestoneResolver = lazyResolver(async () => (await formRules()).resolvers.milestone);
/** A student's hand-in: the text and up to 5 links, one per line. */
export const deliverableResolver = lazyResolver(async () => (await formRules()).resolvers.deliverable);
/** A company's answer to a hand-in: accepted, or changes asked for with feedback. */
export const reviewResolver = lazyResolver(async () => (await formRules()).resolvers.review);
/** Ending an engagement early: the reason the student reads. */
export const endResolver = lazyResolver(async () => (await formRules()).resolvers.end);
/** Reporting a review to admins: why. */
export const reportResolver = lazyResolver(async () => (await formRules()).resolvers.report);
/** A company's review of its student: overall and each skill, 1–5, and a text. */
export const studentReviewResolver = lazyResolver(async () => (await formRules()).resolvers.studentReview);
/** A student's review of the company: three marks, 1–5, and a text. */
export const companyReviewResolver = lazyResolver(async () => (await formRules()).resolvers.companyReview);
/** An admin's withdrawal of a certificate: the reason its public page shows. */
export const withdrawResolver = lazyResolver(async () => (await formRules()).resolvers.withdraw);
