import { describe, expect, it } from 'vitest';
import { loginRedirect } from '../../src/auth/access.guard.js';
import { SecretBox } from '../../src/common/crypto/secret-box.js';
import { describeLocation } from '../../src/ips/geolocation.js';
import { isClientAddress, isPrivateIp, normalizeIp } from '../../src/common/http/ip-address.js';

describe('IP addresses', () => {
  it('normalizes IPv4, IPv4-mapped IPv6 and IPv6 to one form', () => {
    expect(normalizeIp(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeIp('2001:0DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(normalizeIp('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normalizeIp('fe80:0:0:0:1:0:0:1')).toBe('fe80::1:0:0:1');
    expect(normalizeIp('::1')).toBe('::1');
    expect(normalizeIp('::ffff:c000:203')).toBe('192.0.2.3');
    expect(normalizeIp('0:0:0:0:0:FFFF:CB00:7107')).toBe('203.0.113.7');
  });

  it('tells the addresses a client can have from the unspecified, multicast and broadcast ones', () => {
    for (const ip of ['203.0.113.7', '2001:db8::1', '223.255.255.255', '240.0.0.1', '::1']) expect(isClientAddress(ip), ip).toBe(true);
    for (const ip of ['0.0.0.0', '::', '224.0.0.1', '239.255.255.250', 'ff02::1', 'ff0e::101', '255.255.255.255']) expect(isClientAddress(ip), ip).toBe(false);
  });

  it('rejects what is not an address', () => {
    for (const value of ['', '999.1.1.1', '1.2.3', '1.2.3.4.5', 'localhost', '2001:db8::1::1', '01.2.3.4']) expect(normalizeIp(value)).toBeNull();
  });

  it('knows the addresses with no public geolocation', () => {
    for (const ip of ['10.0.0.1', '192.168.1.1', '172.16.0.1', '172.31.255.255', '127.0.0.1', '::1', 'fc00::1', 'fd12::1', 'fe80::1', '::ffff:10.0.0.1']) {
      expect(isPrivateIp(ip)).toBe(true);
    }
    for (const ip of ['172.32.0.1', '8.8.8.8', '200.160.2.3', '2001:4860::8888']) expect(isPrivateIp(ip)).toBe(false);
  });
});

describe('locations', () => {
  it('reads "Cidade, UF, País" for Brazil and the region name elsewhere', () => {
    expect(describeLocation({ city: 'Londrina', region: 'Parana', country: 'BR', latitude: null, longitude: null })).toBe('Londrina, PR, Brasil');
    expect(describeLocation({ city: 'Mountain View', region: 'California', country: 'US', latitude: null, longitude: null })).toBe(
      'Mountain View, California, Estados Unidos',
    );
    expect(describeLocation({ city: null, region: null, country: null, latitude: null, longitude: null })).toBeNull();
  });
});

describe('secret box', () => {
  it('opens what it sealed, and nothing sealed with another key or tampered with', () => {
    const box = new SecretBox('a'.repeat(40));
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(() => new SecretBox('b'.repeat(40)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('outra coisa').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});

describe('login redirects', () => {
  it('keep the page as next, and add reason=ip_revogado for a revoked IP', () => {
    expect(loginRedirect('NO_AUTH', '/admin/empresas?page=2')).toBe('/admin/login?next=%2Fadmin%2Fempresas%3Fpage%3D2');
    expect(loginRedirect('TOKEN_EXPIRED', '/admin')).toBe('/admin/login?next=%2Fadmin');
    expect(loginRedirect('IP_REVOKED', '/admin/ips')).toBe('/admin/login?reason=ip_revogado&next=%2Fadmin%2Fips');
  });
});
