// Gauss-Legendre rules on [-1, 1] for the fast kernels: the positive half of the nodes of a symmetric rule, each
// quantity as a double-double (hi, lo) computed by Newton's method on P_N in 50-digit arithmetic (mpmath), so
// that the rule the kernels apply is the Gauss rule to ~1e-32, not the one of the rounded nodes
// (scripts/gauss_half.py N... prints them).
#pragma once

namespace privoco::fast::numerics {

template <int M>
struct GaussHalf {
  double x[M], x_lo[M], x2[M], x2_lo[M], w[M], w_lo[M], wx[M], wx_lo[M];
};

// 6-point rule on [-1, 1], positive half (3 nodes), double-double: x, x^2, w, w x
inline constexpr GaussHalf<3> kGauss6{
  {0x1.dd6ca4e80a01ep-1, 0x1.528a09655c95ep-1, 0x1.e8b12d03675c5p-3},
  {-0x1.9a5ca65fce91cp-56, 0x1.2841f0aa540ddp-55, 0x1.210ff0dd06c76p-58},
  {0x1.bd2f065221a6cp-1, 0x1.bfb0cb3dca1bfp-2, 0x1.d271fb1e20579p-5},
  {0x1.8457a46d77e5ep-58, -0x1.81e403f35589bp-56, -0x1.96070caf129fcp-60},
  {0x1.5edf601e2dbf8p-3, 0x1.716b7b5794c1cp-2, 0x1.df24d499545e8p-2},
  {-0x1.ad15c6c77b6c8p-57, 0x1.804afd6f1c9ffp-60, 0x1.7d0c671997d88p-57},
  {0x1.472d8f2cf4d96p-3, 0x1.e8871a592bf6bp-3, 0x1.c954e8fd8f8ccp-4},
  {0x1.360cac3620474p-57, -0x1.fc4b162b3e228p-58, 0x1.ac31f4bdbfc3bp-58},
};
// 8-point rule on [-1, 1], positive half (4 nodes), double-double: x, x^2, w, w x
inline constexpr GaussHalf<4> kGauss8{
  {0x1.ebab1cb0acc67p-1, 0x1.97e4ab249f41ep-1, 0x1.0d129583284b4p-1, 0x1.77ac94f3c7345p-3},
  {-0x1.ffca884691608p-55, 0x1.ace9d1bf616efp-57, -0x1.70ed957741527p-58, -0x1.ab7ccf07e9ddfp-59},
  {0x1.d824e93686ff8p-1, 0x1.44f47237df049p-1, 0x1.1ad00f8f0071cp-2, 0x1.13a5885d57ecep-5},
  {0x1.ddc8d6913aa2fp-57, -0x1.44c0dbcce489fp-56, -0x1.2a74498fff8cdp-57, -0x1.b85c66aed919dp-59},
  {0x1.9ea1d04ca0374p-4, 0x1.c76fb531d2b96p-3, 0x1.413c50a255615p-2, 0x1.736360b199343p-2},
  {0x1.1f1acb89ef946p-61, -0x1.a88b639faee41p-57, 0x1.50ff06c1e9798p-56, -0x1.0b64569cc3084p-57},
  {0x1.8e2abf887a2b5p-4, 0x1.6ad4b4842dbaep-3, 0x1.51a3b294ee7cep-3, 0x1.108078c01d7c0p-4},
  {0x1.5f54c3e2f50bbp-59, -0x1.9621a97cf9680p-57, -0x1.1fa13c043bf10p-59, -0x1.51ab745820efap-58},
};
// 12-point rule on [-1, 1], positive half (6 nodes), double-double: x, x^2, w, w x
inline constexpr GaussHalf<6> kGauss12{
  {0x1.f68f1d8e42e81p-1, 0x1.cee874ffb88b4p-1, 0x1.8a30aeed88f36p-1, 0x1.2cb4f05c077f9p-1, 0x1.78a8d20a8b19dp-2, 0x1.007a5f8f630e4p-3},
  {0x1.07348c3443d6ap-57, -0x1.e087a87692d2dp-55, -0x1.95a2942c5b6bcp-58, -0x1.48a548b42c96fp-55, 0x1.62d8bccac2c74p-57, 0x1.433643eda6f08p-59},
  {0x1.ed4acbf5fb5f3p-1, 0x1.a285ecafa186ep-1, 0x1.2f7cf1da9d142p-1, 0x1.6138933a94aa2p-2, 0x1.15182c29a963ep-3, 0x1.00f4f99dfe72ap-6},
  {0x1.8844ddb25522dp-55, -0x1.44fb34aa54f1dp-56, -0x1.1ae6f8778eda4p-58, 0x1.fdb085f7a3cd3p-56, -0x1.9446f30346242p-58, 0x1.fc415219aba79p-60},
  {0x1.8275d9dea6d8fp-5, 0x1.b60602bce6181p-4, 0x1.47d7258f22d8fp-3, 0x1.a0163e6b1ab72p-3, 0x1.de3155c256ab5p-3, 0x1.fe40ce6d4f025p-3},
  {-0x1.4c514da9700dep-61, 0x1.3e8cf8b056192p-58, 0x1.83b880a95a75ap-58, -0x1.bd1916c332325p-59, 0x1.c2709c00367f2p-59, 0x1.b24c76de7da65p-57},
  {0x1.7b5592d6b54d3p-5, 0x1.8c064b49d3b67p-4, 0x1.f8cf7829c38f7p-4, 0x1.e8c02773d5502p-4, 0x1.5fc9e756f0782p-4, 0x1.ff34b7c787575p-6},
  {0x1.596c7a16e841bp-64, -0x1.402c6106df9cap-58, 0x1.40d841c7c94ebp-58, 0x1.95b9c6f9e598ap-63, 0x1.6959b3daeacdcp-58, 0x1.aee2545c7f6a5p-60},
};
// 16-point rule on [-1, 1], positive half (8 nodes), double-double: x, x^2, w, w x
inline constexpr GaussHalf<8> kGauss16{
  {0x1.fa92c264d787ep-1, 0x1.e39f56616f9b0p-1, 0x1.bb3403514e483p-1, 0x1.82c45dda4726bp-1, 0x1.3c5a466d5e8b8p-1, 0x1.d50259a43a772p-2, 0x1.205cae642337cp-2, 0x1.852bd6676a9f9p-4},
  {-0x1.b4621b51e4ad4p-58, -0x1.be3a5df4a4bf4p-56, -0x1.a1798e8d75402p-57, 0x1.450aa9531389dp-55, -0x1.981b60ef3d7a3p-56, 0x1.335dfa9e7f1dbp-56, -0x1.440df7c52dbd9p-59, -0x1.82c17214e46f4p-62},
  {0x1.f5343e4c79540p-1, 0x1.c8d151900aa89p-1, 0x1.7fa687065f005p-1, 0x1.242a60d30b9b0p-1, 0x1.86eefdb399aedp-2, 0x1.ada0ce3ca2169p-3, 0x1.44d0a9ef1e030p-4, 0x1.27cf208c022bep-7},
  {-0x1.901f9f19ea637p-55, -0x1.9201ea5234df4p-55, -0x1.1363323fd39f5p-59, -0x1.b50e815a4e99fp-59, 0x1.28aa37e2462f8p-56, -0x1.e918ba1893812p-57, 0x1.6c131771e1534p-58, 0x1.83c48f00b8d7bp-61},
  {0x1.bcddab4b7c211p-6, 0x1.fdfb1a2c1265dp-5, 0x1.85c4ee79cc258p-4, 0x1.fe7af2bad386ap-4, 0x1.325f61bca3cbfp-3, 0x1.5a6ebbb5a75fcp-3, 0x1.75f8c77e0c00fp-3, 0x1.83feae80e4dfcp-3},
  {-0x1.cce3220a06ce6p-60, -0x1.c5f3fde42efefp-61, -0x1.033a7fb735740p-60, -0x1.653de989af9bfp-58, -0x1.1edb10379b177p-58, 0x1.56dbc45ea020ap-59, 0x1.7797a906e1a87p-58, -0x1.b226a9481214fp-58},
  {0x1.b82696670eab4p-6, 0x1.e1b716b56eacfp-5, 0x1.51657cdd27269p-4, 0x1.819e79a2bb5e6p-4, 0x1.7a99c6762efd7p-4, 0x1.3d580608002f4p-4, 0x1.a53f4496df057p-5, 0x1.26ea37f2672fdp-6},
  {-0x1.2bb4eaab82fd2p-61, -0x1.5709107d2ccfap-60, 0x1.785ce3ad0d566p-60, 0x1.3d4ff568ddd80p-60, 0x1.9547cd7086644p-58, -0x1.55da0deac6396p-58, -0x1.af4b9c0161a13p-61, 0x1.2f1b50c44544dp-60},
};
// 24-point rule on [-1, 1], positive half (12 nodes), double-double: x, x^2, w, w x
inline constexpr GaussHalf<12> kGauss24{
  {0x1.fd892de691982p-1, 0x1.f30f9f0cbf876p-1, 0x1.e06585a70aa4dp-1, 0x1.c5d841864d0f5p-1, 0x1.a3d74ce0d3700p-1, 0x1.7af18edb9ddd6p-1, 0x1.4bd2ee5fa1086p-1, 0x1.17417bac4d72bp-1, 0x1.bc345d81e24b5p-2, 0x1.429a8c588e910p-2, 0x1.8769542b94f8dp-3, 0x1.0660853eda2e8p-4},
  {0x1.c8dcf41a880b6p-55, 0x1.c1fd96b3b2de6p-56, -0x1.6b234adfd1d8fp-55, -0x1.57ca3c258baa3p-55, -0x1.cf7f62cf18ea7p-56, 0x1.d2cb2315de8f9p-58, 0x1.b5b49ba9f6df2p-56, -0x1.f2d21bec5339ap-56, 0x1.9e53b03a9090bp-57, -0x1.9e340f409acb4p-56, -0x1.be34256678533p-60, -0x1.1f54a92ef73f6p-58},
  {0x1.fb15650483fcep-1, 0x1.e672f37fdc7c9p-1, 0x1.c2be6eba91bfbp-1, 0x1.924b8749f80fdp-1, 0x1.58453d5d166d0p-1, 0x1.18771ee76bb4bp-1, 0x1.ae1b22373d45dp-2, 0x1.309fcc519a0e5p-2, 0x1.8162d78853f07p-3, 0x1.9689265bee213p-4, 0x1.2b397539a43e7p-5, 0x1.0ce9b520db152p-8},
  {-0x1.5367198774d71p-59, -0x1.3423f75f63889p-55, -0x1.4c5377a262c98p-56, 0x1.81afa177e6fe1p-58, -0x1.61ad4ae322a49p-57, -0x1.ba9b7e78aee71p-57, 0x1.7fd82bb01f3abp-56, -0x1.1f65d42c09c94p-57, -0x1.0b670b0c14f85p-57, 0x1.2d4bb223274e7p-58, -0x1.00773a5acbea9p-61, 0x1.73b4696888afap-62},
  {0x1.9465bd3112202p-7, 0x1.d375514486f1dp-6, 0x1.6ab884f57c979p-5, 0x1.e5c6255d25edap-5, 0x1.2c6d5c2eff064p-4, 0x1.6108ef504463ap-4, 0x1.8fd8936444b16p-4, 0x1.b8177ba4a68dcp-4, 0x1.d91c78acb1b2dp-4, 0x1.f25cbce1d1ff6p-4, 0x1.01b7117cf8bd8p-3, 0x1.060475e763736p-3},
  {-0x1.778e043a7e317p-61, -0x1.beee50cecbe48p-63, -0x1.d242abbcea665p-60, -0x1.7e75b75cefe7fp-59, 0x1.b2f5349bc312bp-58, 0x1.d095c89ac4d39p-60, 0x1.1ed8b339132ddp-58, 0x1.e5a066e72ef90p-62, 0x1.3e1012fc5bdf6p-59, -0x1.da28876835a78p-63, -0x1.d6ae30dec6404p-58, -0x1.5a4276454f688p-59},
  {0x1.92737e0f75fa1p-7, 0x1.c7a519dabd613p-6, 0x1.5454e8bba47eap-5, 0x1.ae98fdd1c111ap-5, 0x1.ecb3a7f1a60fap-5, 0x1.054a27e3d0514p-4, 0x1.03233d46217dfp-4, 0x1.e0122a5253a62p-5, 0x1.9a7713f1b4561p-5, 0x1.3a02c14a6358dp-5, 0x1.8a08a487fda0bp-6, 0x1.0c8b5ab7ac328p-7},
  {-0x1.0c92b840085cdp-62, -0x1.da957239fbf02p-63, 0x1.b9e09b51548e5p-60, 0x1.37ee83e9cdafcp-60, -0x1.cae31e0093dbcp-63, 0x1.b99058d075fbap-60, 0x1.e831ccc9a5e04p-58, 0x1.fab7a9e28c63ap-59, 0x1.535a4728f06f2p-63, 0x1.3fc8bd514212fp-62, 0x1.7c0639cc8897dp-65, 0x1.3a216dd378498p-62},
};
// 32-point rule on [-1, 1], positive half (16 nodes), double-double: x, x^2, w, w x
inline constexpr GaussHalf<16> kGauss32{
  {0x1.fe995e70409b6p-1, 0x1.f8a212714bcdcp-1, 0x1.edf5518053baap-1, 0x1.deac0259f7f42p-1, 0x1.caea9b4574cb9p-1, 0x1.b2e04fd686a13p-1, 0x1.96c69481c4bc5p-1, 0x1.76e0931d693bap-1, 0x1.537a89c487f8ap-1, 0x1.2ce9146962ca4p-1, 0x1.038862866b29dp-1, 0x1.af76b57c6f8f1p-2, 0x1.53d55ce57bdf6p-2, 0x1.ea0f7e19c094bp-3, 0x1.27e0ea717f237p-3, 0x1.8bbc8488cc499p-5},
  {-0x1.d33359800e189p-58, -0x1.aaffa0e0c65f9p-55, 0x1.791df7a6a20c5p-55, 0x1.9d38694cbaec4p-56, 0x1.2e728b83d35dap-55, -0x1.5e7f054d3c6c6p-62, 0x1.8af77c10ec680p-56, -0x1.1d39d12ffe13bp-55, -0x1.18dbe4d4e5271p-55, 0x1.c8886bbdcf3dep-56, 0x1.1a50a6a22c158p-55, 0x1.d36770d6ed1bfp-57, -0x1.3f8b40a1a6a0dp-56, 0x1.6c06f689a7cc5p-57, 0x1.b3154eb299a0fp-58, -0x1.3f76fc275b341p-60},
  {0x1.fd33b814a3377p-1, 0x1.f15f479cb9991p-1, 0x1.dc8d637eae07dp-1, 0x1.bf83662d916f3p-1, 0x1.9b56254a5f879p-1, 0x1.715ea99f98662p-1, 0x1.432d3c8ad5740p-1, 0x1.127a796ddbbe9p-1, 0x1.c22dc3861991fp-2, 0x1.61b31c0d29008p-2, 0x1.071d4004d193bp-2, 0x1.6b9877126781ep-3, 0x1.c31ec5db7da77p-4, 0x1.d50fa7d54d2dap-5, 0x1.55f821ecb055ep-6, 0x1.31dfa5e889fa3p-9},
  {0x1.27f351f6df914p-55, -0x1.466eed15977b0p-56, -0x1.1f24000a30531p-56, 0x1.63778a0fa8bf3p-55, 0x1.4dae19594ebebp-57, -0x1.1d179f74d29a6p-56, -0x1.f912c252a89ebp-56, -0x1.7cf47654ead3dp-57, 0x1.5f62cb5e05cd7p-56, 0x1.573208d1496e1p-56, 0x1.be1fc4d0b796bp-59, 0x1.c9cbec9d92c6ap-57, -0x1.2315ce445d076p-58, -0x1.5c5f3f2c3b647p-59, 0x1.7b68d0545d6f4p-63, 0x1.3cd7277d64261p-65},
  {0x1.cbf8bc743cc5cp-8, 0x1.0aa3c248696c9p-6, 0x1.a0060a8531ffap-6, 0x1.18c5800a355d9p-5, 0x1.5ee963a335495p-5, 0x1.a1c6ae961fbfap-5, 0x1.e0bd76c924981p-5, 0x1.0d9b9a62cac10p-4, 0x1.2854103b35e0cp-4, 0x1.40483e126fd14p-4, 0x1.553ee25ebebc6p-4, 0x1.6705e18e13ed1p-4, 0x1.7572bdb3f6e51p-4, 0x1.8062fc0f6fef9p-4, 0x1.87bc776f8c6d7p-4, 0x1.8b6d9eaec77adp-4},
  {0x1.1a26558f1139cp-62, 0x1.0f47c8e75584fp-62, 0x1.87c62e907b685p-61, 0x1.e6ceb745a5102p-60, -0x1.5d538361a29c2p-59, 0x1.b8165e112e1e0p-60, 0x1.b310ec2c65a58p-59, -0x1.866fbff3d56ddp-59, 0x1.e306400aac795p-60, -0x1.53c3a76af5628p-58, 0x1.e8fef5307d9e2p-58, 0x1.2ab301c345131p-63, -0x1.c1ffddaadbc5ap-58, -0x1.b6855ae88fe80p-61, -0x1.c7d1cbc713b8cp-60, 0x1.6105895187781p-59},
  {0x1.cab68c639c526p-8, 0x1.06cd9aaa83234p-6, 0x1.915d263e83967p-6, 0x1.067eb62ca70e4p-5, 0x1.3a879136ca6c3p-5, 0x1.62d8720ed66d0p-5, 0x1.7df0b1e70c99bp-5, 0x1.8acdd6a2bdc23p-5, 0x1.88f529069f008p-5, 0x1.7878440797e49p-5, 0x1.59f46bc35db9cp-5, 0x1.2e8cb0fceb682p-5, 0x1.efbe313127321p-6, 0x1.6fea5cccda05fp-6, 0x1.c4c25949fe566p-7, 0x1.31a2aa8804e03p-8},
  {0x1.46d5ebc0f774ep-62, 0x1.b7f5b5755d61bp-60, -0x1.50a3ae7c4fb5fp-60, -0x1.c480ffe3307b4p-62, -0x1.e9edc06b78703p-59, -0x1.1618a0a9737cdp-60, -0x1.cb99a63acabcfp-61, -0x1.3eb8aef5fdc60p-59, 0x1.496893d0aafc4p-59, 0x1.ce6ae83d0a765p-61, -0x1.9dd4e021cbe0dp-61, -0x1.1fcecdc080354p-59, -0x1.3f7331f594cb0p-60, -0x1.699795286f991p-60, 0x1.bdb714a421a66p-61, 0x1.187032debf51cp-63},
};

}  // namespace privoco::fast::numerics
