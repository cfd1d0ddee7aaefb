import type { PagePreview } from '@shared/ssr'
import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { GoogleLogo } from '@/components/google-logo'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Separator } from '@/components/ui/separator'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { keepReturnFragment } from '@/features/auth/return-fragment'
import { readReturnPath } from '@/features/auth/return-path'
import { SignInForm } from '@/features/auth/sign-in-form'
import { SignUpForm } from '@/features/auth/sign-up-form'
import { useViewer } from '@/lib/auth'
import { defaultCommunity, useCommunity } from '@/lib/community'
import { appConfig } from '@/lib/config'
import { instanceUrl } from '@/lib/instance-url'
import { toast } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

const GOOGLE_ERROR = 'Erro ao entrar com Google'

/**
 * A visitor's link to a members' page (a product, say) arrives here; its preview names the closed
 * community it belongs to and nothing of the page itself.
 */
function signInPreview(returnPath: string, communityName: string | undefined): PagePreview | undefined {
  const page = /\/(produto|perfil)\//.exec(returnPath)?.[1]
  if (!communityName || !page) return undefined
  return {
    title: `${page === 'produto' ? 'Um anúncio' : 'Um perfil'} na comunidade ${communityName}`,
    description: `A comunidade ${communityName} no Vupt é fechada: entre com o seu e-mail institucional para ver.`,
  }
}

type AuthTab = 'entrar' | 'criar-conta'

const AUTH_TABS: { value: AuthTab; label: string }[] = [
  { value: 'entrar', label: 'Entrar' },
  { value: 'criar-conta', label: 'Criar Conta' },
]

function tabOf(search: string): AuthTab {
  const params = new URLSearchParams(search)
  return (params.get('aba') ?? params.get('tab')) === 'criar-conta' ? 'criar-conta' : 'entrar'
}

export function AuthPage() {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const { viewer, isLoading } = useViewer()
  // A session that still owes its second factor (password or Google accepted): only the code is left.
  const twoFactor = trpc.auth.twoFactorPending.useQuery()
  const codeStep = twoFactor.data?.pending === true
  const { community: routeCommunity, prefixed } = useCommunity()
  const community = routeCommunity ?? defaultCommunity()
  const returnPath = readReturnPath(search, prefixed && community ? `/${community.slug}` : '/')
  usePageTitle('Entrar', signInPreview(returnPath, community?.name))
  const goBack = () => navigate(`~${returnPath}`, { replace: true })
  // The tab is in the URL (?aba=criar-conta; links of before said ?tab=), so each tab is a plain link
  // that the server draws opened: a tap before the page's code has come still lands.
  const tab = tabOf(search)
  const tabHref = (to: AuthTab) => {
    const params = new URLSearchParams(search)
    params.delete('tab')
    if (to === 'entrar') params.delete('aba')
    else params.set('aba', to)
    return params.size > 0 ? `?${params}` : '?'
  }
  const chooseTab = (to: string) => {
    if (to === 'entrar' || to === 'criar-conta') navigate(`${location}${tabHref(to)}`, { replace: true })
  }

  // The server's redirect here keeps the link's fragment (a hand-off code): held for the way back.
  useEffect(() => keepReturnFragment(returnPath), [returnPath])

  // A signed-in visitor has nothing to do here.
  useEffect(() => {
    if (viewer) navigate(`~${returnPath}`, { replace: true })
  }, [viewer, returnPath, navigate])

  useEffect(() => {
    if (new URLSearchParams(search).get('erro') === 'google') {
      toast.error(GOOGLE_ERROR, {
        description:
          'Não foi possível entrar com sua conta Google institucional. Tente novamente ou use e-mail e senha.',
      })
    }
  }, [search])

  if (isLoading || twoFactor.isLoading || viewer) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner className="text-2xl text-primary" />
      </div>
    )
  }

  const googleHref = instanceUrl(
    `/auth/google?${new URLSearchParams({ from: returnPath, community: community?.slug ?? '' })}`,
  )
  const onGoogleClick = (event: React.MouseEvent) => {
    if (appConfig().googleEnabled) return
    event.preventDefault()
    toast.error(GOOGLE_ERROR, { description: 'O login com Google não está disponível no momento.' })
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10">
      <div className="text-center">
        <h1 className="font-bold text-3xl tracking-tight">Bem-vindo(a) ao Vupt</h1>
        <p className="mt-2 text-muted-foreground">
          {community
            ? `A comunidade de estudantes da ${community.universityName}.`
            : 'O marketplace universitário.'}
        </p>
      </div>
      <Card>
        <CardHeader className="sr-only">
          <CardTitle>Acesse sua conta</CardTitle>
          <CardDescription>Entre ou crie sua conta com o e-mail institucional.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 pt-6">
          {codeStep ? (
            <SignInForm onSignedIn={goBack} />
          ) : (
            <>
              <Button variant="outline" asChild className="w-full">
                <a href={googleHref} onClick={onGoogleClick}>
                  <GoogleLogo />
                  Continuar com Google
                </a>
              </Button>
              <div className="flex items-center gap-3 text-muted-foreground text-xs">
                <Separator className="basis-0 grow" />
                ou
                <Separator className="basis-0 grow" />
              </div>
              <Tabs value={tab} onValueChange={chooseTab}>
                <TabsList className="w-full">
                  {AUTH_TABS.map(({ value, label }) => (
                    <TabsTrigger key={value} value={value} asChild>
                      {/* Radix chooses the tab on the press; the link is for before the code. */}
                      <a href={tabHref(value)} onClick={(event) => event.preventDefault()}>
                        {label}
                      </a>
                    </TabsTrigger>
                  ))}
                </TabsList>
                <TabsContent value="entrar" className="pt-4">
                  <SignInForm onSignedIn={goBack} />
                </TabsContent>
                <TabsContent value="criar-conta" className="pt-4">
                  {community ? (
                    <SignUpForm community={community} onSignedUp={goBack} />
                  ) : (
                    <p className="text-muted-foreground text-sm">
                      Nenhuma universidade está aberta para cadastro no momento.
                    </p>
                  )}
                </TabsContent>
              </Tabs>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

export default AuthPage
