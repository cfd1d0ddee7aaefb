import './styles.css'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { Toaster } from '@/components/ui/sonner'
import { LibrasWidget } from '@/features/libras/libras-widget'
import { createQueryClient, createTrpcClient, trpc } from '@/lib/trpc'
import { App } from './app'

function Root() {
  const [queryClient] = useState(createQueryClient)
  const [trpcClient] = useState(createTrpcClient)
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <App />
        <Toaster />
        <LibrasWidget />
      </QueryClientProvider>
    </trpc.Provider>
  )
}

const container = document.getElementById('root')
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  )
}
