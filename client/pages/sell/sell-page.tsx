import { routes } from '@shared/routes'
import type { ListingInput } from '@shared/schemas/listing'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/page-header'
import { IntegrityRefusal, integrityRefusalOf } from '@/features/integrity/integrity-refusal'
import { ListingForm } from '@/features/listings/form/listing-form'
import { useInvalidateListings } from '@/features/listings/use-invalidate-listings'
import { AlumniNotice } from '@/features/semesters/alumni-notice'
import { usePublishingClosed } from '@/features/semesters/publishing-closed'
import { CourseDemand } from '@/features/wanted/course-demand'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'

export function SellPage() {
  usePageTitle('Vender')
  const [, navigate] = useLocation()
  const invalidateListings = useInvalidateListings()
  const create = trpc.listings.create.useMutation()
  const closed = usePublishingClosed()
  const [refusal, setRefusal] = useState<string | null>(null)

  const submit = async (input: ListingInput) => {
    setRefusal(null)
    try {
      await create.mutateAsync(input)
      toast.success('Anúncio criado com sucesso!')
      void invalidateListings('created')
      navigate(routes.myListings())
    } catch (error) {
      setRefusal(integrityRefusalOf(error))
      toastError(error, 'Erro ao criar anúncio')
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      <PageHeader
        title="Novo anúncio"
        description="Anuncie para a sua comunidade universitária. Capriche nas fotos e na descrição!"
      />
      {closed ? (
        <AlumniNotice reason={closed} />
      ) : (
        <>
          <CourseDemand />
          {refusal ? <IntegrityRefusal reason={refusal} /> : null}
          <ListingForm
            mode="create"
            onSubmit={submit}
            className="rounded-xl border bg-card p-4 shadow-xs sm:p-6"
          />
        </>
      )}
    </div>
  )
}

export default SellPage
