/** Where a student opens a project: browse, with the project open (read-only once it is closed, for those who applied). */
export const projectHref = (projectId: string) => `/dashboard/browse-projects?project=${projectId}`;
