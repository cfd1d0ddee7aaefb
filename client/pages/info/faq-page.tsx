import { LifeBuoy, SearchIcon, ShieldCheck, ShoppingBag, Store, UserRound, XIcon } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link } from 'wouter'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { type FaqItem, faqGroups } from '@/features/info/faq-content'
import { formatResultCount, normalizeForSearch, searchFaq } from '@/features/info/faq-search'
import { appConfig } from '@/lib/config'
import { usePageTitle } from '@/lib/use-page-title'

const groupIcons: Record<string, typeof ShoppingBag> = {
  compradores: ShoppingBag,
  vendedores: Store,
  conta: UserRound,
  seguranca: ShieldCheck,
}

function FaqAction({ action }: { action: NonNullable<FaqItem['action']> }) {
  const className = 'mt-3 inline-flex font-medium text-primary text-sm underline-offset-4 hover:underline'
  if (action.href.startsWith('/')) {
    return (
      <Link href={action.href} className={className}>
        {action.label}
      </Link>
    )
  }
  return (
    <a href={action.href} className={className}>
      {action.label}
    </a>
  )
}

export function FaqPage() {
  usePageTitle('Perguntas frequentes')
  const [query, setQuery] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const headingPrefix = useId()
  // A link to one answer (the chat's safety warning opens /faq#negociacao-segura) opens it.
  // Read after hydration: the server never sees the hash, and both renders must agree.
  const [linkedItem, setLinkedItem] = useState('')
  useEffect(() => {
    const fromHash = decodeURIComponent(window.location.hash.slice(1))
    if (!fromHash) return
    setLinkedItem(fromHash)
    requestAnimationFrame(() => document.getElementById(fromHash)?.scrollIntoView())
  }, [])

  const { groups, count } = useMemo(() => searchFaq(faqGroups, query), [query])
  const searching = query.trim() !== ''
  // Remounting the accordions per query opens every match, so the answers that matched are visible.
  const accordionKey = searching ? `busca:${normalizeForSearch(query.trim())}` : `todas:${linkedItem}`

  function clearSearch() {
    setQuery('')
    inputRef.current?.focus()
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <header className="mb-8 space-y-3 text-center sm:mb-10">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <LifeBuoy aria-hidden="true" className="size-6" />
        </span>
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Perguntas frequentes</h1>
        <p className="mx-auto max-w-xl text-muted-foreground">
          Tire suas dúvidas sobre compras, vendas, sua conta e segurança no Vupt.
        </p>
      </header>

      <search className="mb-8 block space-y-2">
        <Label htmlFor="faq-search">Buscar nas perguntas e respostas</Label>
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={inputRef}
            id="faq-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && query) {
                event.preventDefault()
                setQuery('')
              }
            }}
            placeholder="Ex.: senha, denúncia, aprovação"
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby="faq-search-status"
            tall
            className="pr-11 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {query ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={clearSearch}
              aria-label="Limpar busca"
              className="absolute top-1/2 right-1 size-9 -translate-y-1/2"
            >
              <XIcon aria-hidden="true" />
            </Button>
          ) : null}
        </div>
        <p id="faq-search-status" aria-live="polite" className="min-h-5 text-muted-foreground text-sm">
          {searching ? formatResultCount(count) : ''}
        </p>
      </search>

      {groups.length > 0 ? (
        <div className="space-y-8">
          {groups.map((group) => {
            const Icon = groupIcons[group.id] ?? LifeBuoy
            const headingId = `${headingPrefix}-${group.id}`
            return (
              <section key={group.id} aria-labelledby={headingId}>
                <h2 id={headingId} className="mb-2 flex items-center gap-2 font-semibold text-xl">
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  {group.title}
                </h2>
                <Accordion
                  key={accordionKey}
                  type="multiple"
                  defaultValue={
                    searching
                      ? group.items.map((item) => item.id)
                      : group.items.filter((item) => item.id === linkedItem).map((item) => item.id)
                  }
                  className="rounded-xl border bg-card px-4 sm:px-6"
                >
                  {group.items.map((item) => (
                    <AccordionItem key={item.id} value={item.id} id={item.id} className="scroll-mt-24">
                      <AccordionTrigger>{item.question}</AccordionTrigger>
                      <AccordionContent className="text-muted-foreground leading-relaxed">
                        <p>{item.answer}</p>
                        {item.action ? <FaqAction action={item.action} /> : null}
                      </AccordionContent>
                    </AccordionItem>
                  ))}
                </Accordion>
              </section>
            )
          })}
        </div>
      ) : (
        <div className="rounded-xl border border-dashed px-6 py-10 text-center">
          <p className="font-medium">Não encontramos nada para “{query.trim()}”.</p>
          <p className="mt-1 text-muted-foreground text-sm">
            Tente outras palavras ou veja todas as perguntas.
          </p>
          <Button type="button" variant="outline" className="mt-4" onClick={clearSearch}>
            Ver todas as perguntas
          </Button>
        </div>
      )}

      <aside
        aria-labelledby="faq-contato"
        className="mt-10 flex flex-col items-start gap-4 rounded-xl bg-accent p-6 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="faq-contato" className="font-semibold text-lg">
            Ainda precisa de ajuda?
          </h2>
          <p className="text-muted-foreground text-sm">Nossa equipe de suporte responde por e-mail.</p>
        </div>
        <Button asChild>
          <a href={`mailto:${appConfig().supportEmail}`}>Falar com o suporte</a>
        </Button>
      </aside>
    </div>
  )
}

export default FaqPage
