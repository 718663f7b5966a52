// Bodies of the portal's cart calls (issue 24).
import { z } from 'zod'

const id = (message: string) => z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(64, message)

export const cartItemSchema = z.object({ productId: id('Choose a product') })
export const cartCouponSchema = z.object({ code: id('Enter Coupon Code') })
