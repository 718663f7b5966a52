// /chat, the Contributor Chat: the organisation's contributors with unread counts on the left, the chosen
// conversation on the right (?writer={id}), a rich-text editor with file attach and send. A contributor
// sees their own conversation with the admins. Live over the socket with JavaScript; without it the
// page renders the conversation and posts a plain form (ADR 0041).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ContributorChat } from '#app/components/chat/contributor-chat'
import { PageHeader } from '#app/components/page'
import { CONTRIBUTOR_CHAT_ADMIN, contributorChatList, markRoomRead, type PersonMessageJson } from '#app/models/chat.server'
import { can } from '#app/rules/permissions'
import { routeGuard } from '#app/rules/routes'
import { chatPageData, type ChatPostAnswer, postChatForm } from './chat-page.server'
import { notFound } from '#app/services/http.server'
import { requirePermission } from '#app/models/auth-guards.server'

/** Whose conversation the URL asks for: a contributor's own, or the one an admin picked. */
function writerOf(request: Request, t: { user: { publicId: string } }, admin: boolean): string | null {
  return admin ? new URL(request.url).searchParams.get('writer') : t.user.publicId
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/chat'))
  const admin = can(t.user, CONTRIBUTOR_CHAT_ADMIN)
  const writerId = writerOf(request, t, admin)
  let conversation = null
  if (writerId) {
    const page = await chatPageData(t, { chatType: 'adminToWriter', writerId }, request)
    // Another organisation's contributor, or someone who is not one: nothing to open.
    if (!page || page.room.chatType !== 'adminToWriter') throw notFound()
    // Opening the conversation reads it: the list's count for this contributor goes back to 0.
    await markRoomRead(t, page.room)
    conversation = {
      ...page.view,
      messages: page.view.messages as PersonMessageJson[],
      writer: { _id: page.room.writer.publicId, name: page.room.writer.name },
      side: page.room.side,
    }
  }
  const list = admin ? await contributorChatList(t) : null
  const contributors = list?.data.map((w) => ({ _id: w._id, name: `${w.firstName} ${w.lastName}`.trim(), profile_img: w.profile_img })) ?? null
  return { me: t.user.publicId, contributors, unread: list?.writerUnreadMessages ?? {}, conversation }
}

export async function action({ request }: ActionFunctionArgs) {
  const t = await requirePermission(request, routeGuard('/chat'))
  const admin = can(t.user, CONTRIBUTOR_CHAT_ADMIN)
  const writerId = writerOf(request, t, admin)
  if (!writerId) return data<ChatPostAnswer>({ intent: 'chat', ok: false, error: 'Choose a contributor first.', content: '' }, { status: 400 })
  return postChatForm(t, request, { chatType: 'adminToWriter', writerId }, admin ? `/chat?writer=${encodeURIComponent(writerId)}` : '/chat')
}

export default function ChatRoute() {
  const loaderData = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <div className="space-y-6">
      <PageHeader title="Contributor Chat" />
      <ContributorChat {...loaderData} answer={answer && 'intent' in answer ? answer : null} />
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Contributor Chat | Draftdesk' }]
