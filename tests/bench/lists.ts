// Every list page the bench measures, beside the JSON route that returns the same rows.
export const LIST_PAIRS: { name: string; page: string; json: string }[] = [
  { name: 'orders', page: '/orders/view', json: '/api/client/orders?size=50' },
  { name: 'order invoices', page: '/orders/invoices', json: '/api/client/orders/invoices?size=100' },
  { name: 'revisions', page: '/orders/revisions', json: '/api/client/orders/revisions' },
  { name: 'customers', page: '/customers/view', json: '/api/customers/get?size=50' },
  { name: 'users', page: '/client/users/view', json: '/api/client/users?size=50' },
  { name: 'products', page: '/products/view', json: '/api/client/packages/all' },
  { name: 'workflows', page: '/products/customer-services/all', json: '/api/client/service/all' },
  { name: 'forms', page: '/products/forms/list', json: '/api/questionnaires' },
  { name: 'contracts', page: '/products/contracts/view', json: '/api/contract/all' },
  { name: 'files', page: '/products/file/view', json: '/api/downloadable/all' },
  { name: 'coupons', page: '/products/customer-coupons/view', json: '/api/client/customer-coupons/coupons' },
  { name: 'audit logs', page: '/audit-logs', json: '/api/logs/view' },
]
