import { lazyPart } from '../../../components/ui/loaded-part';

/**
 * A project as a student sees it: its code comes with a project (Browse's `?project=`), not with the
 * list, whose code it does not load either (src/routes/browse-projects.tsx).
 */
export const StudentProjectPage = lazyPart(() => import('./student-project-page').then((m) => m.StudentProjectPage));

/** The application form, with its CV upload: a chunk of its own, as a closed project has none. */
export const ApplyForm = lazyPart(() => import('./apply-form').then((m) => m.ApplyForm));

/** Starts a project's code ahead (a project about to open), trying again a load that failed. */
export const startProject = () => {
  StudentProjectPage.load.start();
  ApplyForm.load.start();
};
