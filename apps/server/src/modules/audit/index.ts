// What other modules use of the audit log: every admin action calls recordAdminAction
// with the transaction that performs it.
export { recordAdminAction } from './audit.service';
