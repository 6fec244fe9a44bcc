// Public API of the menu feature.
export { MenuLayout } from './components/menu-layout';
