// Table page sizes of the content screens (back-office section 9), shared by loaders and views.
export const LIST_SIZES = [50, 100, 200] as const
export const COUPON_SIZES = [25, 50, 100] as const
