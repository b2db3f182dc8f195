import { useState } from 'react';
import { AppProvider } from './provider';
import { AppRouter, createAppRouter } from './router';

export const App = () => {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  );
};
