// Public API of the menu feature.
export { MainMenu } from './components/main-menu';
export { MenuLayout } from './components/menu-layout';
