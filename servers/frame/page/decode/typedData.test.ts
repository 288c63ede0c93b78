import { describe, expect, it } from 'vitest'
import { Warning } from '../approvalText.ts'
import { describeTypedData } from './typedData.ts'

const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallets: ['0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'] },
    to: [{ name: 'Bob', wallets: [] }],
    contents: 'Hello, Bob!',
  },
}

describe('typed data as a tree', () => {
  it('the domain’s fields, then the message’s fields by their declared types (structs and arrays nest)', () => {
    expect(describeTypedData(mail, 1)).toEqual({
      rows: [
        {
          label: 'Domain',
          value: 'Ether Mail',
          rows: [
            { label: 'name', value: 'Ether Mail' },
            { label: 'version', value: '1' },
            { label: 'chainId', value: '1' },
            { label: 'verifyingContract', value: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
          ],
        },
        {
          label: 'Message',
          value: 'Mail',
          rows: [
            {
              label: 'from',
              value: 'Person',
              rows: [
                { label: 'name', value: 'Cow' },
                { label: 'wallets', value: 'address[1]', rows: [{ label: '0', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }] },
              ],
            },
            {
              label: 'to',
              value: 'Person[1]',
              rows: [
                {
                  label: '0',
                  value: 'Person',
                  rows: [
                    { label: 'name', value: 'Bob' },
                    { label: 'wallets', value: 'address[0]', rows: [] },
                  ],
                },
              ],
            },
            { label: 'contents', value: 'Hello, Bob!' },
          ],
        },
      ],
      warnings: [],
    })
  })

  it('a domain chain id other than the active chain is a warning (however it is written); the same one in hex is not', () => {
    expect(describeTypedData(mail, 31337).warnings).toEqual([Warning.otherChain('1', '31337')])
    expect(describeTypedData({ ...mail, domain: { ...mail.domain, chainId: '0x7a69' } }, 31337).warnings).toEqual([])
  })

  it('a permit is a warning', () => {
    const permit = { domain: { chainId: 1 }, types: { Permit: [{ name: 'value', type: 'uint256' }] }, primaryType: 'Permit', message: { value: '1' } }
    expect(describeTypedData(permit, 1).warnings).toEqual([Warning.permit])
  })
})
