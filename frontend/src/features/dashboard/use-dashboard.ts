import { useOutletContext } from 'react-router-dom';
import type { User } from '../auth/api/types';
import type { Role } from '../auth/roles';

export const useDashboard = () => useOutletContext<{ user: User; role: Role }>();
