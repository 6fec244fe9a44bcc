// Public API of the admin feature: the console, loaded lazily by the /admin route.
export { AdminConsole } from './components/admin-console';
