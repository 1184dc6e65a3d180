import { useQuery } from '@tanstack/react-query';
import { marketplace } from '@mashrou/contracts';
import { call } from '../../../lib/api-client';

export const getMyProjects = () => call(marketplace.myProjects);

/** The company's projects with status and applicant counts. */
export const useMyProjects = () => useQuery({ queryKey: ['projects', 'mine'], queryFn: getMyProjects });
