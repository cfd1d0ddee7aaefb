import type { ComponentProps, ComponentType } from 'react'
import { AdminLayout } from '@/features/admin/admin-layout'

/**
 * An admin page: the admin frame (`frame`: the heading, its description and who may see the page) around
 * `Body`, the part that loads data, so nothing is asked before the viewer's roles are checked.
 */
export function adminPage(frame: Omit<ComponentProps<typeof AdminLayout>, 'children'>, Body: ComponentType) {
  return function AdminPage() {
    return (
      <AdminLayout {...frame}>
        <Body />
      </AdminLayout>
    )
  }
}
