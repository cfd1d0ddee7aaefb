import { TagsIcon } from 'lucide-react'
import { ItemRow } from '@/components/item-row'
import { NewItemButton } from '@/features/admin/item-buttons'
import { SubcategoryFormDialog } from '@/features/admin/subcategory-form-dialog'
import {
  groupSubcategories,
  listingsCountLabel,
  type MainCategoryOption,
  type SubcategoryRow,
} from '@/features/admin/subcategory-groups'
import { trpc } from '@/lib/trpc'
import { AdminCrudList, CrudButtons, ItemGroup, type RemovalTexts, useAdminCrud } from './admin-crud'
import { adminPage } from './admin-frame'

/** `/admin/subcategorias`: subcategories by main category, with how many listings use each. Administrators only. */
export const AdminSubcategoriesPage = adminPage(
  {
    title: 'Subcategorias',
    description: 'Organize os anúncios dentro de cada categoria principal.',
    access: 'admin',
  },
  SubcategoriesAdmin,
)

const REMOVAL: RemovalTexts<SubcategoryRow> = {
  title: 'Tem certeza que deseja excluir esta subcategoria?',
  describe: (subcategory) =>
    subcategory.listings > 0
      ? `“${subcategory.name}” tem ${listingsCountLabel(subcategory.listings)} e não poderá ser excluída enquanto estiver em uso.`
      : `“${subcategory.name}” será excluída. Esta ação não pode ser desfeita.`,
  successMessage: 'Subcategoria excluída!',
  // In use: the server's SUBCATEGORY_IN_USE becomes 'Não é possível excluir' / 'Existem anúncios…'.
  errorTitle: 'Erro ao excluir',
}

function SubcategoriesAdmin() {
  const utils = trpc.useUtils()
  const subcategories = trpc.admin.subcategories.list.useQuery()
  const categories = trpc.listings.categories.useQuery(undefined, { staleTime: 5 * 60_000 })
  const mains: MainCategoryOption[] = categories.data?.map(({ id, name, icon }) => ({ id, name, icon })) ?? []

  const crud = useAdminCrud<SubcategoryRow, { mainCategoryId?: number }>(
    trpc.admin.subcategories.delete.useMutation,
    REMOVAL,
    () => Promise.all([utils.admin.subcategories.list.invalidate(), utils.listings.categories.invalidate()]),
  )

  return (
    <AdminCrudList
      query={subcategories}
      crud={crud}
      form={<SubcategoryFormDialog {...crud.form} mainCategories={mains} />}
      toolbar={
        <div>
          <NewItemButton onClick={() => crud.create()}>Nova subcategoria</NewItemButton>
        </div>
      }
      items="subcategorias"
      rowClassName="h-16"
      empty={{ icon: <TagsIcon aria-hidden="true" />, title: 'Nenhuma subcategoria cadastrada' }}
      isEmpty={(rows) => rows.length === 0 && mains.length === 0}
    >
      {(rows) =>
        groupSubcategories(mains, rows).map(({ main, subcategories: items }) => (
          <ItemGroup
            key={main.id}
            id={`main-category-${main.id}`}
            title={
              <>
                {main.icon ? <span aria-hidden="true">{main.icon} </span> : null}
                {main.name}
              </>
            }
            count={items.length}
            empty="Nenhuma subcategoria nesta categoria."
            action={
              <NewItemButton
                variant="ghost"
                onClick={() => crud.create({ mainCategoryId: main.id })}
                aria-label={`Adicionar subcategoria em ${main.name}`}
              >
                Adicionar
              </NewItemButton>
            }
          >
            <ul className="grid gap-2">
              {items.map((subcategory) => (
                <ItemRow key={subcategory.id}>
                  <div className="flex min-w-0 items-start gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted text-xl"
                    >
                      {subcategory.icon ?? '🏷️'}
                    </span>
                    <div className="grid min-w-0 gap-0.5">
                      <p className="break-words font-medium">{subcategory.name}</p>
                      {subcategory.description ? (
                        <p className="break-words text-muted-foreground text-sm">{subcategory.description}</p>
                      ) : null}
                      <p className="text-muted-foreground text-xs">
                        {listingsCountLabel(subcategory.listings)}
                      </p>
                    </div>
                  </div>
                  <CrudButtons crud={crud} item={subcategory} name={`subcategoria ${subcategory.name}`} />
                </ItemRow>
              ))}
            </ul>
          </ItemGroup>
        ))
      }
    </AdminCrudList>
  )
}

export default AdminSubcategoriesPage
