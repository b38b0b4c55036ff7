import { createRoot } from 'react-dom/client';
import '@shop/contracts/tokens.css';
import { OperationsApp } from './app';

createRoot(document.getElementById('root')!).render(<OperationsApp />);
