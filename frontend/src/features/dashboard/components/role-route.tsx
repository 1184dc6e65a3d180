import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useSignedInUser } from '../../../lib/auth';
import { roleOf } from '../../../lib/roles';
import { canOpen } from '../nav';

/** A sub-screen only its roles may open; anyone else lands on /dashboard (spec §2). */
export function RoleRoute({ sub, children }: { sub?: string; children: ReactNode }) {
  const role = roleOf(useSignedInUser());
  const params = useParams();
  const id = sub ?? params.sub ?? '';
  return canOpen(role, id) ? <>{children}</> : <Navigate to="/dashboard" replace />;
}
