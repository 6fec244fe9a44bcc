// /admin: the admin console. Loaded only once the guard has seen an admin session.
import { AdminConsole } from '@/features/admin';

export function AdminRoute() {
  return <AdminConsole />;
}
