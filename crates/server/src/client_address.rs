//! Which address a request comes from: the TCP peer, or, when the peer is a trusted proxy, the
//! address that proxy reports in `X-Forwarded-For`.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, HeaderName, Request};

static X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

/// One network, an address and a prefix length (`10.0.0.0/8`, `::1/128`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Network {
    address: IpAddr,
    prefix_len: u8,
}

impl Network {
    fn parse(text: &str) -> Result<Self, String> {
        let (address_text, prefix_text) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let address: IpAddr = address_text
            .parse()
            .map_err(|_| format!("{text:?} is not an IP address or a CIDR like 10.0.0.0/8"))?;
        let max_len = if address.is_ipv4() { 32 } else { 128 };
        let prefix_len = match prefix_text {
            None => max_len,
            Some(prefix) => prefix
                .parse::<u8>()
                .ok()
                .filter(|len| *len <= max_len)
                .ok_or_else(|| {
                    format!("{text:?} has a prefix length that is not between 0 and {max_len}")
                })?,
        };
        Ok(Self {
            address,
            prefix_len,
        })
    }

    fn contains(&self, candidate: IpAddr) -> bool {
        match (self.address, canonical(candidate)) {
            (IpAddr::V4(network), IpAddr::V4(candidate)) => same_prefix(
                network.to_bits().into(),
                candidate.to_bits().into(),
                32,
                self.prefix_len,
            ),
            (IpAddr::V6(network), IpAddr::V6(candidate)) => {
                same_prefix(network.to_bits(), candidate.to_bits(), 128, self.prefix_len)
            }
            _ => false,
        }
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.address, self.prefix_len)
    }
}

fn same_prefix(a: u128, b: u128, width: u8, prefix_len: u8) -> bool {
    let ignored = u32::from(width - prefix_len);
    a.checked_shr(ignored).unwrap_or(0) == b.checked_shr(ignored).unwrap_or(0)
}

/// An IPv4 client seen through an IPv6 socket (`::ffff:10.0.0.1`) is the IPv4 address.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

/// The proxies whose `X-Forwarded-For` is believed (`ORRERY_TRUSTED_PROXIES`); none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Network>);

impl TrustedProxies {
    /// Reads a comma-separated list of IP addresses and CIDRs; blanks around items are ignored.
    ///
    /// # Errors
    /// An item that is neither an address nor a CIDR with a valid prefix length.
    pub fn parse(text: &str) -> Result<Self, String> {
        text.split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(Network::parse)
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(address))
    }

    /// The client's address: the peer's, unless the peer is trusted; then the right-most
    /// `X-Forwarded-For` entry that is not itself a trusted proxy (entries to its left were
    /// written by the client and prove nothing).
    pub fn client_address(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = canonical(peer);
        if !self.trusts(peer) {
            return peer;
        }
        let mut hops: Vec<&str> = Vec::new();
        for value in headers.get_all(&X_FORWARDED_FOR) {
            let Ok(text) = value.to_str() else {
                return peer;
            };
            hops.extend(text.split(','));
        }
        let mut client = peer;
        for hop in hops.iter().rev() {
            let Ok(address) = hop.trim().parse::<IpAddr>() else {
                // A malformed entry ends what can be believed.
                return client;
            };
            client = canonical(address);
            if !self.trusts(client) {
                return client;
            }
        }
        client
    }
}

impl fmt::Display for TrustedProxies {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let items: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&items.join(","))
    }
}

/// The TCP peer, as the accept loop recorded it; an unspecified address when a request did not
/// come through it (a router driven directly, in a unit test).
pub(crate) fn peer_address<B>(request: &Request<B>) -> IpAddr {
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED), |info| info.0.ip())
}

/// The key an address is counted under: an IPv4 address, or an IPv6 /64 (one subscriber's
/// usual allocation, so that one client cannot rotate through its own addresses).
pub(crate) fn throttle_key(address: IpAddr) -> IpAddr {
    match canonical(address) {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(&X_FORWARDED_FOR, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn networks_parse_and_match() {
        let proxies = TrustedProxies::parse(" 10.0.0.0/8, 192.168.1.7 ,::1, fd00::/16").unwrap();
        assert!(proxies.trusts(ip("10.200.3.4")));
        assert!(proxies.trusts(ip("::ffff:10.1.1.1")));
        assert!(proxies.trusts(ip("192.168.1.7")));
        assert!(!proxies.trusts(ip("192.168.1.8")));
        assert!(proxies.trusts(ip("::1")));
        assert!(proxies.trusts(ip("fd00:1::5")));
        assert!(!proxies.trusts(ip("fd01::5")));
        assert_eq!(
            proxies.to_string(),
            "10.0.0.0/8,192.168.1.7/32,::1/128,fd00::/16"
        );
        assert!(
            TrustedProxies::parse("0.0.0.0/0")
                .unwrap()
                .trusts(ip("8.8.8.8"))
        );
        assert!(TrustedProxies::parse("").unwrap().is_empty());
    }

    #[test]
    fn bad_entries_are_named() {
        for bad in ["10.0.0.0/33", "::/129", "proxy.local", "10.0.0.1/x"] {
            let error = TrustedProxies::parse(bad).unwrap_err();
            assert!(error.contains(bad), "{error}");
        }
    }

    #[test]
    fn forwarded_for_counts_only_from_trusted_peers() {
        let proxies = TrustedProxies::parse("10.0.0.0/8").unwrap();
        let headers = forwarded(&["203.0.113.9"]);
        assert_eq!(
            proxies.client_address(ip("198.51.100.1"), &headers),
            ip("198.51.100.1")
        );
        assert_eq!(
            proxies.client_address(ip("10.0.0.2"), &headers),
            ip("203.0.113.9")
        );
        assert_eq!(
            TrustedProxies::default().client_address(ip("10.0.0.2"), &headers),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn the_rightmost_untrusted_hop_is_the_client() {
        let proxies = TrustedProxies::parse("10.0.0.0/8").unwrap();
        // The client wrote a made-up first entry; the proxies appended the real ones.
        let headers = forwarded(&["1.2.3.4, 203.0.113.9", "10.0.0.5"]);
        assert_eq!(
            proxies.client_address(ip("10.0.0.2"), &headers),
            ip("203.0.113.9")
        );
        let garbled = forwarded(&["203.0.113.9, nonsense"]);
        assert_eq!(
            proxies.client_address(ip("10.0.0.2"), &garbled),
            ip("10.0.0.2")
        );
        assert_eq!(
            proxies.client_address(ip("10.0.0.2"), &HeaderMap::new()),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn ipv6_clients_count_by_slash_64() {
        assert_eq!(
            throttle_key(ip("2001:db8:1:2:aaaa::1")),
            ip("2001:db8:1:2::")
        );
        assert_eq!(throttle_key(ip("::ffff:198.51.100.1")), ip("198.51.100.1"));
    }
}
