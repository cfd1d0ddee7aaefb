import { COURSE_CSV_MAX_BYTES, type CourseImportError } from '@shared/schemas/courses'
import { FileUpIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import type { RouterOutputs } from '@/lib/api-types'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

type ImportResult = RouterOutputs['admin']['courses']['import']

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** What an import that went through changed, in one sentence. */
export function importSummary(result: Extract<ImportResult, { ok: true }>): string {
  const parts = [
    plural(result.courses, 'curso novo', 'cursos novos'),
    plural(result.disciplines, 'disciplina nova', 'disciplinas novas'),
  ]
  if (result.unchanged > 0)
    parts.push(plural(result.unchanged, 'linha já estava na lista', 'linhas já estavam na lista'))
  if (result.membersMatched > 0)
    parts.push(plural(result.membersMatched, 'estudante ligado ao curso', 'estudantes ligados aos cursos'))
  return `Importado: ${parts.join(', ')}.`
}

/**
 * 'Importar CSV': the file is sent whole and the server checks every line first; with a bad line nothing
 * is imported and each bad line is listed here with what is wrong.
 */
export function CourseImport() {
  const inputId = useId()
  const hintId = `${inputId}-hint`
  const fileRef = useRef<HTMLInputElement>(null)
  const utils = trpc.useUtils()
  const [errors, setErrors] = useState<CourseImportError[] | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [fileName, setFileName] = useState<string | null>(null)
  const importCsv = trpc.admin.courses.import.useMutation()

  const send = async () => {
    const file = fileRef.current?.files?.[0]
    setErrors(null)
    setDone(null)
    if (!file) {
      toast.error('Escolha um arquivo CSV')
      return
    }
    if (file.size > COURSE_CSV_MAX_BYTES) {
      toast.error('Arquivo muito grande (máximo de 1 MB)')
      return
    }
    try {
      const result = await importCsv.mutateAsync({ csv: await file.text() })
      if (!result.ok) {
        setErrors(result.errors)
        toast.error('Nada foi importado', {
          description: 'Corrija as linhas indicadas e envie o arquivo de novo.',
        })
        return
      }
      const summary = importSummary(result)
      setDone(summary)
      toast.success(summary)
      if (fileRef.current) fileRef.current.value = ''
      setFileName(null)
      await Promise.all([utils.admin.courses.list.invalidate(), utils.courses.list.invalidate()])
    } catch (error) {
      toastError(error, 'Erro ao importar cursos')
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3 rounded-lg border bg-card p-4">
      <h2 id={`${inputId}-title`} className="font-semibold text-lg">
        Importar CSV
      </h2>
      <p id={hintId} className="text-muted-foreground text-sm">
        Uma linha de cabeçalho com as colunas <strong>curso</strong>, <strong>disciplina</strong> e, se
        quiser, <strong>código</strong> (separadas por ponto e vírgula ou vírgula), depois uma linha por
        disciplina. O que já está na lista continua como está. Se alguma linha tiver erro, nada é importado.
      </p>
      <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
        {'curso;disciplina;código\nEngenharia Civil;Cálculo I;MAT101\nEngenharia Civil;Física I;FIS101'}
      </pre>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={inputId} className="sr-only">
          Arquivo CSV
        </label>
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          disabled={importCsv.isPending}
          onChange={(event) => {
            setFileName(event.target.files?.[0]?.name ?? null)
            setErrors(null)
            setDone(null)
          }}
          className="min-w-0 text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:font-medium file:text-sm"
        />
        <Button type="button" onClick={send} disabled={importCsv.isPending || !fileName}>
          <FileUpIcon aria-hidden="true" />
          {importCsv.isPending ? 'Importando...' : 'Importar'}
        </Button>
      </div>
      <div aria-live="polite">
        {done ? <p className="font-medium text-sm">{done}</p> : null}
        {errors ? (
          <div
            role="alert"
            className="grid gap-2 rounded-md border border-destructive/50 bg-destructive/5 p-3"
          >
            <p className="font-medium text-destructive text-sm">
              Nada foi importado.{' '}
              {errors.length === 1 ? 'Corrija a linha abaixo' : 'Corrija as linhas abaixo'} e envie o arquivo
              de novo:
            </p>
            <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="Linhas com erro">
              {errors.map((error) => (
                <li key={`${error.line}-${error.message}`}>{error.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  )
}
