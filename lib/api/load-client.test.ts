import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { loadMessages } from '../i18n/catalog.ts'
import { intlFor, translator } from '../i18n/intl.ts'
import { failureTexts, loadApiFailure } from './load-client.ts'

describe('failureTexts', () => {
  it('gives the common words for no answer and for a failure that is not the API’s refusal, in the user’s language', async () => {
    const en = translator(intlFor('en', await loadMessages('en')))
    const cs = translator(intlFor('cs', await loadMessages('cs')))
    expect(failureTexts(en)).toEqual({
      network: 'The server could not be reached. Check your connection and try again.',
      unexpected: 'Something went wrong. Please try again.',
    })
    expect(failureTexts(cs)).toEqual({ network: cs('common.networkError'), unexpected: cs('common.unexpectedError') })
    expect(failureTexts(cs).network).not.toBe(failureTexts(en).network)
  })

  it('are what a failed call reads as when no answer came, or an answer that is no refusal', async () => {
    const texts = failureTexts(translator(intlFor('en', await loadMessages('en'))))
    const noAnswer = new TRPCClientError('Failed to fetch')
    expect((await loadApiFailure(noAnswer, texts)).message).toBe(texts.network)
    expect((await loadApiFailure(new Error('boom'), texts)).message).toBe(texts.unexpected)
  })
})
