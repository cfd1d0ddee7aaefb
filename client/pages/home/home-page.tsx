import { ArrowRightIcon } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { useViewer } from '@/lib/auth'
import { usePageTitle } from '@/lib/use-page-title'

const CATEGORIES = [
  { href: '/criacoes', icon: '🎨', title: 'Criações', text: 'Arte, design e projetos próprios.' },
  { href: '/servicos', icon: '🤝', title: 'Serviços', text: 'Aulas, edição, consultoria e mais.' },
  { href: '/desapegos', icon: '♻️', title: 'Desapegos', text: 'Livros, equipamentos e materiais.' },
]

/** The public landing page: what Vupt is and where to start. */
export function HomePage() {
  usePageTitle('Marketplace Universitário')
  const { viewer } = useViewer()
  // Signed-out visitors are sent through sign-in, then on to where they were going.
  const target = (path: string) => (viewer ? path : `/auth?from=${encodeURIComponent(path)}`)
  return (
    <>
      <section className="bg-community-gradient text-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 md:py-24">
          <p className="font-semibold text-white/80 uppercase tracking-widest">
            Crie, compartilhe, desapegue.
          </p>
          <h1 className="max-w-2xl font-extrabold text-4xl leading-tight md:text-6xl">
            Marketplace Universitário
          </h1>
          <p className="max-w-xl text-lg text-white/90">
            Compre e venda criações, serviços e desapegos com quem estuda com você, em uma comunidade fechada
            e verificada pela sua universidade.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary">
              <Link href={target('/vender')}>Começar a vender</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-white/10"
            >
              <Link href={target('/criacoes')}>
                Explorar produtos <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </section>
      <section aria-labelledby="categorias" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="categorias" className="mb-6 font-bold text-2xl">
          Categorias
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {CATEGORIES.map((category) => (
            <li key={category.href}>
              <Link
                href={target(category.href)}
                className="flex h-full flex-col gap-2 rounded-xl border bg-card p-6 shadow-xs transition hover:border-primary hover:shadow-md"
              >
                <span className="text-4xl" aria-hidden="true">
                  {category.icon}
                </span>
                <span className="font-semibold text-lg">{category.title}</span>
                <span className="text-muted-foreground text-sm">{category.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

export default HomePage
