export { ContentPage as default } from '../pages/content-page';
